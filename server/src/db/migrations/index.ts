import type { Migration } from 'kysely';
import * as usersSessions from './2026-11-21-users-sessions.ts';

/** Every migration by name, in order; an explicit map works the same under tsx, Vitest and the CLI. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-users-sessions': usersSessions,
};
