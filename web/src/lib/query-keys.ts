// Every TanStack Query cache key of the app, from one factory per resource, so no component spells a
// key array and an invalidation reaches exactly what it names (a prefix key covers its children).

export const configKeys = {
  all: () => ['config'] as const,
  forType: (type: string) => ['config', type] as const,
};

/** The entry types: the list, and per type its schema, UI schema and compiled validator. */
export const entryTypeKeys = {
  list: () => ['entry-types'] as const,
  adminList: () => ['admin', 'cpts'] as const,
  schema: (type: string) => ['entry-type', type, 'schema'] as const,
  uiSchema: (type: string) => ['entry-type', type, 'ui-schema'] as const,
  validator: (type: string) => ['entry-type', type, 'validator'] as const,
};

/** One entry as its author sees it (`anon/…`). */
export const authorEntryKeys = {
  detail: (id: string) => ['entry', id] as const,
  events: (id: string) => ['entry', id, 'events'] as const,
  comments: (id: string) => ['entry', id, 'comments'] as const,
  commentSchema: (id: string) => ['entry', id, 'comment-schema'] as const,
};

/** Entries as moderation sees them (`admin/…`): lists, search, one entry and its side lists. */
export const moderationEntryKeys = {
  lists: () => ['admin', 'entries'] as const,
  list: (filter: unknown) => ['admin', 'entries', filter] as const,
  search: (params: unknown) => ['admin', 'search', params] as const,
  detail: (id: string) => ['admin', 'entry', id] as const,
  events: (id: string) => ['admin', 'entry', id, 'events'] as const,
  comments: (id: string) => ['admin', 'entry', id, 'comments'] as const,
  revisions: (id: string) => ['admin', 'entry', id, 'revisions'] as const,
  revision: (id: string, revision: number) => ['admin', 'entry', id, 'revisions', revision] as const,
};

export const adminKeys = {
  dashboard: () => ['admin', 'dashboard'] as const,
  users: () => ['admin', 'users'] as const,
  staff: () => ['admin', 'staff'] as const,
  health: () => ['admin', 'healthmetric'] as const,
};

/** Webhook endpoints (admins), and each endpoint's deliveries. */
export const webhookKeys = {
  all: () => ['admin', 'webhooks'] as const,
  list: () => ['admin', 'webhooks', 'list'] as const,
  deliveries: (id: string) => ['admin', 'webhooks', id, 'deliveries'] as const,
};

export const auditKeys = {
  all: () => ['admin', 'audit'] as const,
  list: (query: string) => ['admin', 'audit', 'list', query] as const,
};

/** Reply templates: admins keep them, moderation inserts them into comments. */
export const replyTemplateKeys = {
  list: () => ['admin', 'reply-templates'] as const,
};

export const accountKeys = {
  profile: () => ['admin', 'profile'] as const,
  own: () => ['auth', 'account'] as const,
  secondFactor: () => ['admin', 'profile', 'second-factor'] as const,
  sessions: () => ['admin', 'profile', 'sessions'] as const,
};
