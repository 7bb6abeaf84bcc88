import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AccountRole, Role } from '@einwurf/contract';

// Timestamps are integer epoch milliseconds everywhere (bigint in PostgreSQL, parsed back to number).

export type UsersTable = {
  id: string;
  username: string;
  role: AccountRole;
  password_hash: string;
  created_at: number;
  updated_at: number;
};

export type SessionsTable = {
  /** SHA-256 hex of the cookie token; the token itself is never stored. */
  id: string;
  role: Exclude<Role, 'none'>;
  user_id: string | null;
  entry_id: string | null;
  expires_at: number;
  created_at: number;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
