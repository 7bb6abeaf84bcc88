// The audit log's constants without their TypeBox schemas (audit.ts), so the back office's screen
// carries no TypeBox.

/**
 * What the audit log records (see README, Audit log). A feature that records something new adds its
 * kind here, and a label for it in the audit screen's catalogues.
 */
export const AUDIT_KINDS = [
  'auth.login.succeeded',
  'auth.login.failed',
  'auth.login.locked',
  'auth.logout',
  'auth.sessions_ended',
  'auth.second_factor_enabled',
  'auth.second_factor_disabled',
  'auth.second_factor_reset',
  'auth.recovery_codes_renewed',
  'auth.passkey_added',
  'auth.passkey_removed',
  'user.created',
  'user.updated',
  'user.password_set',
  'user.role_changed',
  'user.deleted',
  'entry.state_changed',
  'entry.deleted',
  'entry.purged',
  'export.downloaded',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'settings.changed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who did it: an account, the system (housekeeping, the command line), or nobody logged in. */
export const AUDIT_ACTOR_TYPES = ['user', 'system', 'anonymous'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** What a record is about; the screen links entries and accounts. */
export const AUDIT_TARGET_TYPES = ['entry', 'user', 'webhook', 'setting'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Fields `filters=` of `GET admin/audit` may name: `kind:is:<kind>`, `actor:is:<username>`, `at:gte|lte:<time>`. */
export const AUDIT_FILTER_FIELDS = ['kind', 'actor', 'at'] as const;
/** Records on a page of `GET admin/audit` unless page_size says otherwise. */
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
