import { lazy, Suspense } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useAuth } from '../../lib/auth-store';
import { isLoggedIn } from '../../lib/contract';
import { readCurrentEntry } from '../../lib/current-entry';
import { showDangerToast } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { DisplaySettings } from './display-settings';
import { LanguageSelect } from './language-select';
import { topBarEntries } from './top-bar-entries';
import classes from './app-frame.module.css';

// Loaded after the first render, for authors only: the badge stays off everyone's first load.
const UnreadBadge = lazy(() =>
  import('../../features/entries/components/unread-badge').then((module) => ({
    default: module.UnreadBadge,
  })),
);

type TopBarNavProps = { direction: 'row' | 'column'; onNavigate?: () => void };

/** The top bar's entries for the current role, the language switch, the display settings and logout. */
export function TopBarNav({ direction, onNavigate }: TopBarNavProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const location = useLocation(); // the current entry may change with any navigation
  const logout = useLogout();
  const currentEntry = readCurrentEntry();
  const entries = topBarEntries(role, currentEntry);
  // The author's session is for the entry this browser edits: "Mein Beitrag" shows moderation's news.
  const newsOf = role === 'anon' ? (currentEntry?.id ?? null) : null;

  const handleLogout = () => {
    logout.mutate(undefined, {
      onSuccess: (answer) => {
        onNavigate?.();
        // A session from single sign-on ends at the organisation's provider too.
        if (answer.logout_url) window.location.assign(answer.logout_url);
        else void navigate(paths.home());
      },
      onError: () => showDangerToast(t('auth.logout.failedTitle'), t('auth.logout.failedText')),
    });
  };

  const links = entries.map((entry) => (
    <Anchor
      key={entry.key}
      component={NavLink}
      to={entry.href}
      end={entry.end}
      className={classes.link}
      onClick={onNavigate}
    >
      {t(entry.labelKey)}
      {entry.key === 'mySubmission' && newsOf !== null && (
        <Suspense fallback={null}>
          <UnreadBadge entryId={newsOf} refresh={location.key} />
        </Suspense>
      )}
    </Anchor>
  ));
  const controls = (
    <>
      <LanguageSelect />
      <DisplaySettings direction={direction} />
      {isLoggedIn(role) && (
        <Button variant="default" size="sm" onClick={handleLogout} loading={logout.isPending}>
          {t('nav.logout')}
        </Button>
      )}
    </>
  );

  if (direction === 'column') {
    return (
      <Stack gap="sm" align="flex-start">
        {links}
        {controls}
      </Stack>
    );
  }
  return (
    <Group gap="md" wrap="nowrap">
      {links}
      {controls}
    </Group>
  );
}
