import type { Migration } from 'kysely';
import * as usersSessions from './2026-11-21-users-sessions.ts';
import * as entries from './2026-11-22-entries.ts';
import * as moderation from './2026-11-23-moderation.ts';
import * as files from './2026-11-24-files.ts';
import * as searchTitle from './2026-11-25-search-title.ts';
import * as statesUnchecked from './2026-11-26-states-unchecked.ts';
import * as publishedAt from './2026-11-27-published-at.ts';
import * as outboxWebhooks from './2026-11-28-outbox-webhooks.ts';
import * as publishAt from './2026-11-29-publish-at.ts';
import * as secrets from './2026-11-30-secrets.ts';
import * as publicTombstones from './2026-12-01-public-tombstones.ts';
import * as assignment from './2026-12-03-assignment.ts';
import * as revisions from './2026-12-05-revisions.ts';
import * as publicHtml from './2026-12-07-public-html.ts';
import * as mail from './2026-12-08-mail.ts';
import * as staffSecurity from './2026-12-10-staff-security.ts';
import * as audit from './2026-12-06-audit.ts';
import * as replyTemplates from './2026-12-04-reply-templates.ts';
import * as userDisabled from './2026-12-09-user-disabled.ts';
import * as passkeys from './2026-12-11-passkeys.ts';
import * as oidc from './2026-12-12-oidc.ts';
import * as prefixIndexes from './2026-12-13-prefix-indexes.ts';
import * as eventsCreatedAtId from './2026-12-14-events-created-at-id.ts';
import * as searchTitleVector from './2026-12-15-search-title-vector.ts';
import * as searchVectorInline from './2026-12-16-search-vector-inline.ts';
import * as entryRanges from './2026-12-17-entry-ranges.ts';
import * as entryRangesAssigned from './2026-12-18-entry-ranges-assigned.ts';
import * as titleRanges from './2026-12-19-title-ranges.ts';
import * as searchContentless from './2026-12-20-search-contentless.ts';

/**
 * Every migration by name, in order; an explicit map works the same under tsx, Vitest and the CLI.
 * Kysely runs them sorted by name and refuses a new name sorting before one already run, so each
 * name must sort after the last.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-users-sessions': usersSessions,
  '2026-11-22-entries': entries,
  '2026-11-23-moderation': moderation,
  '2026-11-24-files': files,
  '2026-11-25-search-title': searchTitle,
  '2026-11-26-states-unchecked': statesUnchecked,
  '2026-11-27-published-at': publishedAt,
  '2026-11-28-outbox-webhooks': outboxWebhooks,
  '2026-11-29-publish-at': publishAt,
  '2026-11-30-secrets': secrets,
  '2026-12-01-public-tombstones': publicTombstones,
  '2026-12-03-assignment': assignment,
  '2026-12-05-revisions': revisions,
  '2026-12-07-public-html': publicHtml,
  '2026-12-08-mail': mail,
  '2026-12-10-staff-security': staffSecurity,
  '2026-12-06-audit': audit,
  '2026-12-04-reply-templates': replyTemplates,
  '2026-12-09-user-disabled': userDisabled,
  '2026-12-11-passkeys': passkeys,
  '2026-12-12-oidc': oidc,
  '2026-12-13-prefix-indexes': prefixIndexes,
  '2026-12-14-events-created-at-id': eventsCreatedAtId,
  '2026-12-15-search-title-vector': searchTitleVector,
  '2026-12-16-search-vector-inline': searchVectorInline,
  '2026-12-17-entry-ranges': entryRanges,
  '2026-12-18-entry-ranges-assigned': entryRangesAssigned,
  '2026-12-19-title-ranges': titleRanges,
  '2026-12-20-search-contentless': searchContentless,
};
