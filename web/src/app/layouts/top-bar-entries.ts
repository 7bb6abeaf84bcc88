import type { Role } from '../../lib/contract';
import type { CurrentEntry } from '../../lib/current-entry';
import { paths } from '../../lib/paths';

export type TopBarEntryKey =
  | 'login'
  | 'mySubmission'
  | 'proposed'
  | 'submissions'
  | 'accounts'
  | 'webhooks'
  | 'audit'
  | 'replyTemplates'
  | 'search'
  | 'status'
  | 'profile'
  | 'about';

export type TopBarEntry = {
  key: TopBarEntryKey;
  labelKey: `nav.${TopBarEntryKey}`;
  href: string;
  end?: boolean;
};

const entry = (key: TopBarEntryKey, href: string, end = false): TopBarEntry => ({
  key,
  labelKey: `nav.${key}`,
  href,
  end,
});

/** The top bar's links for a role (language and logout are controls beside them). */
export function topBarEntries(role: Role, currentEntry: CurrentEntry | null): TopBarEntry[] {
  const about = entry('about', paths.about());
  const mySubmission = currentEntry ? [entry('mySubmission', paths.editCPT(currentEntry))] : [];
  switch (role) {
    case 'none':
      return [entry('login', paths.login()), ...mySubmission, about];
    case 'anon':
      return [...mySubmission, about];
    case 'mod':
    case 'admin':
      return [
        entry('proposed', paths.adminDashboard(), true),
        entry('submissions', paths.adminSubmissions()),
        ...(role === 'admin'
          ? [
              entry('accounts', paths.adminUsers()),
              entry('webhooks', paths.adminWebhooks()),
              entry('audit', paths.adminAudit()),
              entry('replyTemplates', paths.adminReplyTemplates()),
            ]
          : []),
        entry('search', paths.adminSearch()),
        entry('status', paths.adminHealth()),
        entry('profile', paths.adminProfile()),
        about,
      ];
  }
}
