// The back office's constants without their TypeBox schemas (admin.ts), so its screens carry no TypeBox.

/** The spec's username message (section 5), for a name of the wrong shape. */
export const USERNAME_RULE_MESSAGE = '3-64 characters, letters and digits only, name must be unique';
/** The spec's password-change failure message (section 8), for a wrong old password. */
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'login name and password combination wrong';

/** Fields `GET admin/collection/entries` sorts by; `sort=<field>:<asc|desc>`. */
export const ENTRY_SORT_FIELDS = ['updated_at', 'created_at', 'title'] as const;
export type EntrySortField = (typeof ENTRY_SORT_FIELDS)[number];
/**
 * Fields `filters=<field>:is:<value>` may name, comma-separated. `assignee:is:<username>` lists the
 * entries that account has, `assignee:is:none` those nobody has.
 */
export const ENTRY_FILTER_FIELDS = ['type', 'state', 'assignee'] as const;
/** The value of `filters=assignee:is:…` for entries nobody has. */
export const ASSIGNEE_NONE = 'none';
/** What `POST admin/collection/entries/bulk` does to each entry. */
export const ENTRY_BULK_ACTIONS = ['publish', 'reject', 'delete', 'assign'] as const;
export type EntryBulkAction = (typeof ENTRY_BULK_ACTIONS)[number];
/** The most entries one bulk request names. */
export const ENTRY_BULK_MAX = 500;
export const ENTRY_SORT_DEFAULT = 'updated_at:desc';
/** The dashboard lists at most this many proposals, the oldest first. */
export const DASHBOARD_PROPOSALS_MAX = 100;
/** The dashboard lists at most this many scheduled publications, the soonest first. */
export const DASHBOARD_SCHEDULED_MAX = 100;
/** The dashboard timeline shows this many of the latest events across all entries. */
export const DASHBOARD_TIMELINE_SIZE = 50;

/** Problems `GET admin/config/healthmetric` can flag. */
export const HEALTH_PROBLEMS = [
  'database_unreachable',
  'database_slow',
  'proposals_waiting_long',
  'disk_low',
  'error_rate_high',
] as const;
export type HealthProblem = (typeof HEALTH_PROBLEMS)[number];

/** The formats `GET admin/collection/export` and `einwurf export` write: JSON Lines or CSV. */
export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The header `GET admin/collection/export` names the number of entries it is about to send in. */
export const EXPORT_COUNT_HEADER = 'x-total-count';
