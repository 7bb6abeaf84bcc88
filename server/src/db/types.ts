import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AccountRole,
  AuditActorType,
  AuditKind,
  AuditTargetType,
  CommentOrigin,
  EntryActor,
  EntryEventKind,
  EntryState,
  Locale,
  Role,
  WebhookDeliveryState,
} from '@einwurf/contract';

// Timestamps are integer epoch milliseconds everywhere (bigint in PostgreSQL, parsed back to number).

export type UsersTable = {
  id: string;
  username: string;
  role: AccountRole;
  password_hash: string;
  created_at: number;
  updated_at: number;
  /** Where notifications go; null: none. */
  email: Generated<string | null>;
  /** The language of its mails. */
  language: Generated<Locale>;
  /** JSON of NotificationPreferences; null: the defaults. */
  notifications: Generated<string | null>;
  /** Base32 TOTP secret once a first code confirmed it; null: no second factor. */
  totp_secret: Generated<string | null>;
  /** The secret being set up until its first code confirms it. */
  totp_pending_secret: Generated<string | null>;
  /** The last time step (30 s) a code was accepted for: no code is accepted twice. */
  totp_last_step: Generated<number | null>;
  /** When the account was disabled (it cannot log in); null: enabled. */
  disabled_at: Generated<number | null>;
  /** How the account logs in: its own password, or the organisation's OpenID Connect provider. */
  auth_source: Generated<'password' | 'oidc'>;
  /** The provider's issuer and subject of an SSO account (unique together); null otherwise. */
  oidc_issuer: Generated<string | null>;
  oidc_subject: Generated<string | null>;
};

/** An account's unused recovery codes, SHA-256 hex; a used one is deleted. */
export type RecoveryCodesTable = {
  user_id: string;
  code_hash: string;
};

/** A passkey or security key (WebAuthn) an account added as its second factor. */
export type PasskeysTable = {
  id: string;
  user_id: string;
  /** The credential's id, base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter the key last showed; 0 for keys that keep none. */
  counter: Generated<number>;
  /** JSON array of the ways the browser reaches the key (usb, nfc, internal, …); null: unknown. */
  transports: string | null;
  name: string;
  created_at: number;
  last_used_at: Generated<number | null>;
};

/** A WebAuthn challenge handed out for adding a passkey or logging in with one; used once. */
export type WebAuthnChallengesTable = {
  /** base64url, as the browser's clientDataJSON carries it back. */
  challenge: string;
  user_id: string;
  purpose: 'registration' | 'authentication';
  expires_at: number;
};

export type SessionsTable = {
  /** SHA-256 hex of the cookie token; the token itself is never stored. */
  id: string;
  role: Exclude<Role, 'none'>;
  user_id: string | null;
  entry_id: string | null;
  expires_at: number;
  created_at: number;
  /** Epoch ms of the last request, updated at most once a minute; null: not since it started. */
  last_used_at: Generated<number | null>;
  /** The browser's User-Agent when the session started, cut to 512 characters. */
  user_agent: Generated<string | null>;
  /** The ID token of a session started through single sign-on: the provider's logout hint. */
  oidc_id_token: Generated<string | null>;
};

export type EntriesTable = {
  /** 128 random bits, base64url: the permalink carries it, so it must be unguessable. */
  id: string;
  type: string;
  state: EntryState;
  title: string;
  /** JSON text: content and the other fields of the entry's type (title has its own column). */
  data: string;
  password_hash: string;
  revision: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /**
   * When readers see the entry from: the time it last moved to a public state, or the later time a
   * moderator scheduled its publication for (until then it stays hidden); null while it is in none.
   */
  published_at: number | null;
  /** The staff account that has the entry (took it, or was assigned it); null: nobody. */
  assignee_id: string | null;
  /** The interface language the author created the entry in. */
  language: Generated<Locale>;
  /** When the author last read the comments: the newest of moderation's then (epoch ms); null before. */
  author_seen_at: Generated<number | null>;
};

/** A public entry's Markdown rendered for readers, valid while the entry is at `revision`. */
export type PublicHtmlTable = {
  entry_id: string;
  revision: number;
  /** Sanitised HTML; root-relative URLs begin with PUBLIC_HTML_ORIGIN's placeholder. */
  html: string;
};

export type EntryEventsTable = {
  id: Generated<number>;
  entry_id: string;
  kind: EntryEventKind;
  actor: EntryActor;
  user_id: string | null;
  from_state: EntryState | null;
  to_state: EntryState | null;
  created_at: number;
  /** The publication time the change scheduled, or gave a scheduled publication; else null. */
  publish_at: number | null;
  /** The entry's revision after the change (null for comments, files and events written before revisions were kept). */
  revision: number | null;
  /** Kind `assigned`: the username the entry went to, as it was then (null: released); else null. */
  assignee: string | null;
};

/** An entry as one save left it: every revision from its creation on (older entries: from the migration on). */
export type EntryRevisionsTable = {
  entry_id: string;
  revision: number;
  title: string;
  /** JSON text: content and the other fields of the entry's type, as entries.data. */
  data: string;
  /** The entry's state after that save. */
  state: EntryState;
  actor: EntryActor;
  user_id: string | null;
  saved_at: number;
};

export type CommentsTable = {
  id: Generated<number>;
  entry_id: string;
  origin: CommentOrigin;
  user_id: string | null;
  title: string;
  content: string;
  created_at: number;
};

export type SpentPowTokensTable = {
  jti: string;
  /** Epoch milliseconds; the row may go once the token has expired. */
  expires_at: number;
};

/** Entries per type and state, kept in step with every write (the lists' totals read it). */
export type EntryCountsTable = {
  type: string;
  state: EntryState;
  count: number;
};

/**
 * How many entries of a type and state, held by a moderator or by nobody, were last changed (`sort`
 * updated_at) or created (created_at) on a day (`bucket`: epoch milliseconds divided by a day's,
 * truncated); kept by triggers.
 */
export type EntryRangesTable = {
  sort: 'updated_at' | 'created_at';
  bucket: number;
  type: string;
  state: EntryState;
  /** 1: a moderator has the entries; 0: nobody has them. */
  assigned: 0 | 1;
  count: number;
};

/** A title that starts a bucket of the title order (see migration 2026-12-19-title-ranges); '' always does. */
export type TitleAnchorsTable = { anchor: string };

/**
 * How many entries of a type and state, held by a moderator or by nobody, have a title from `anchor`
 * up to the next anchor; kept by triggers.
 */
export type TitleRangesTable = {
  anchor: string;
  type: string;
  state: EntryState;
  assigned: 0 | 1;
  count: number;
};

/** An attachment of an entry; its content lives in the configured file storage under `key`. */
export type FilesTable = {
  /** 128 random bits, base64url: the file's URL carries it, so it must be unguessable. */
  id: string;
  entry_id: string;
  key: string;
  /** The web-sized WebP rendition of an image, when one was made. */
  preview_key: string | null;
  /** What the URL ends in: the display name with its extension. */
  name: string;
  extension: string;
  content_type: string;
  size: number;
  sha256: string;
  /** 0 or 1 (SQLite has no boolean). */
  is_image: number;
  created_at: number;
};

/** File content for FILE_STORAGE=database, in order of `seq`; row 0 carries the content type. */
export type FileChunksTable = {
  key: string;
  seq: number;
  bytes: Uint8Array;
  content_type: string | null;
};

/** A purged entry that was once public: mirrors still learn it is gone (`meta.removed`) for a while. */
export type PublicTombstonesTable = {
  entry_id: string;
  type: string;
  /** When it last left a public state (epoch ms). */
  left_at: number;
  /** When the purge removed it; housekeeping forgets the tombstone a retention period later. */
  purged_at: number;
};

/** A signing secret shared by every instance, and the one it replaced (still verifying). */
export type AppSecretsTable = {
  name: string;
  value: string;
  previous: string | null;
  /** Epoch ms of the last rotation (or of the creation). */
  rotated_at: number;
};

/** An event others must hear of, written in the transaction of the change it reports. */
export type OutboxEventsTable = {
  id: Generated<number>;
  type: string;
  entry_id: string | null;
  /** The Standard Webhooks message id (`msg_…`): the same for every consumer and every attempt. */
  message_id: string;
  /** JSON text: the event's data. */
  data: string;
  created_at: number;
  /** Not handed to consumers before this time (scheduled publication). */
  available_at: number;
  /** When the consumers took it; null while pending. */
  dispatched_at: number | null;
};

export type WebhookEndpointsTable = {
  id: string;
  url: string;
  description: string;
  /** JSON text: the event types it subscribes to. */
  events: string;
  /** `whsec_` and the base64 key. */
  secret: string;
  /** 0 or 1. */
  enabled: number;
  disabled_reason: string | null;
  disabled_at: number | null;
  failing_since: number | null;
  created_at: number;
  updated_at: number;
};

export type WebhookDeliveriesTable = {
  id: Generated<number>;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  entry_id: string | null;
  /** The exact body sent, so every attempt signs the same bytes. */
  payload: string;
  state: WebhookDeliveryState;
  attempts: number;
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
};

export type WebhookAttemptsTable = {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
};

/** One action of staff or the system; append-only (a trigger refuses UPDATE and DELETE). */
export type AuditLogTable = {
  id: Generated<number>;
  /** Epoch ms. */
  at: number;
  kind: AuditKind;
  actor_type: AuditActorType;
  /** The account's id; null for the system and for nobody logged in. */
  actor_id: string | null;
  /** The account's name at the time, or the name a failed login tried. */
  actor_name: string | null;
  target_type: AuditTargetType | null;
  target_id: string | null;
  /** JSON text: a small object. */
  details: string;
  /** Only when EINWURF_AUDIT_CLIENT_ADDRESS was on. */
  client_address: string | null;
};

/** A reply template: a comment's title and text in each interface language (de-CH in the `_de_ch` columns). */
export type ReplyTemplatesTable = {
  id: string;
  title_de: string;
  title_de_ch: string;
  title_en: string;
  text_de: string;
  text_de_ch: string;
  text_en: string;
  created_at: number;
  updated_at: number;
};

/** One mail to one account about one event; `daily` ones wait for the digest. */
export type MailDeliveriesTable = {
  id: Generated<number>;
  user_id: string;
  event_type: string;
  entry_id: string | null;
  /** JSON: the event's data. */
  data: string;
  mode: 'immediately' | 'daily';
  state: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
};

/** What admins set for the installation, one JSON value per key. */
export type SettingsTable = {
  key: string;
  value: string;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebAuthnChallengesTable;
  entries: EntriesTable;
  entry_events: EntryEventsTable;
  entry_revisions: EntryRevisionsTable;
  comments: CommentsTable;
  entry_counts: EntryCountsTable;
  entry_ranges: EntryRangesTable;
  title_anchors: TitleAnchorsTable;
  title_ranges: TitleRangesTable;
  spent_pow_tokens: SpentPowTokensTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  outbox_events: OutboxEventsTable;
  app_secrets: AppSecretsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  public_tombstones: PublicTombstonesTable;
  public_html: PublicHtmlTable;
  audit_log: AuditLogTable;
  reply_templates: ReplyTemplatesTable;
  mail_deliveries: MailDeliveriesTable;
  settings: SettingsTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type EntryRow = Selectable<EntriesTable>;
export type NewEntryRow = Insertable<EntriesTable>;
export type EntryEventRow = Selectable<EntryEventsTable>;
export type NewEntryEventRow = Insertable<EntryEventsTable>;
export type EntryRevisionRow = Selectable<EntryRevisionsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type NewCommentRow = Insertable<CommentsTable>;
export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;
export type OutboxEventRow = Selectable<OutboxEventsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type MailDeliveryRow = Selectable<MailDeliveriesTable>;
export type ReplyTemplateRow = Selectable<ReplyTemplatesTable>;
