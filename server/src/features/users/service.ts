import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_ROLES,
  DEFAULT_LOCALE,
  isMailAddress,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  passwordLengthProblem,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
  type AccountRole,
  type FieldError,
  type Profile,
  type ProfileUpdate,
  type UserAccount,
  type UserPasswordUpdate,
} from '@einwurf/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, UserRow, UserUpdate } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { countedAttempt, type RateLimiter } from '../../plugins/rate-limit.ts';
import { recordAuditAs, SYSTEM_AUDIT, type AuditContext } from '../audit/service.ts';
import {
  LOGIN_LIMITS,
  countSessionsOfUser,
  endOtherSessions,
  updateSessionRoles,
  type SessionState,
} from '../auth/sessions.ts';
import { preferencesOf } from '../mail/service.ts';
import * as repo from './repository.ts';
import { generatePassword, hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

/** An account as the rest of the server sees it: never with its hash. */
export type User = {
  id: string;
  username: string;
  role: AccountRole;
  email: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the account was disabled; null while it may log in. */
  disabledAt: number | null;
  /** Whether the account logs in through the organisation's provider (single sign-on). */
  sso: boolean;
};

const usernamePattern = new RegExp(USERNAME_PATTERN);

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    email: row.email,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    disabledAt: row.disabled_at,
    sso: row.auth_source === 'oidc',
  };
}

function invalid(field: string, keyword: string, message: string): AppError {
  const fields: FieldError[] = [{ field, keyword, message }];
  return new AppError('VALIDATION_FAILED', message, fields);
}

/** Throws VALIDATION_FAILED unless the name is 3-64 letters and digits. */
export function assertValidUsername(username: string): void {
  if (!usernamePattern.test(username)) {
    throw invalid('username', 'pattern', USERNAME_RULE_MESSAGE);
  }
}

/** Throws VALIDATION_FAILED unless the password's length is within the contract's limits. */
export function assertValidPassword(password: string): void {
  const problem = passwordLengthProblem(password);
  if (problem) throw new AppError('VALIDATION_FAILED', problem.message, [problem]);
}

/** An address as stored: trimmed, null for none or an empty one; 400 naming email unless an address. */
export function validEmail(raw: string | null | undefined): string | null {
  const email = raw?.trim() ?? '';
  if (email === '') return null;
  if (!isMailAddress(email))
    throw invalid('email', 'format', 'email must be an e-mail address such as name@example.org');
  return email;
}

function assertValidRole(role: string): asserts role is AccountRole {
  if (!(ACCOUNT_ROLES as readonly string[]).includes(role)) {
    throw invalid('role', 'enum', `role must be one of ${ACCOUNT_ROLES.join(', ')}`);
  }
}

/**
 * Creates an account; the name must be unique regardless of case (409 CONFLICT otherwise). `audit`
 * says who acts, for the audit log (the system when absent: the command line, the first admin).
 */
export async function createUser(
  db: Db,
  input: { username: string; role: string; password: string; email?: string | null | undefined },
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<User> {
  assertValidUsername(input.username);
  assertValidRole(input.role);
  assertValidPassword(input.password);
  const email = validEmail(input.email);
  const conflict = new AppError('CONFLICT', 'username is already taken', [
    { field: 'username', keyword: 'unique', message: 'username is already taken' },
  ]);
  if (await repo.findUserByUsername(db, input.username)) throw conflict;
  const now = Date.now();
  const row = {
    id: randomUUID(),
    username: input.username,
    role: input.role,
    password_hash: await hashPassword(input.password),
    created_at: now,
    updated_at: now,
    email,
    language: DEFAULT_LOCALE,
    notifications: null,
    totp_secret: null,
    totp_pending_secret: null,
    totp_last_step: null,
    disabled_at: null,
    auth_source: 'password' as const,
    oidc_issuer: null,
    oidc_subject: null,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertUser(trx, row);
      await recordAuditAs(trx, audit, {
        kind: 'user.created',
        target: { type: 'user', id: row.id },
        details: { username: row.username, role: row.role, email: row.email !== null },
        at: now,
      });
    });
  } catch (error) {
    // Two creations of one name can pass the check above together; the unique index decides. Caught
    // here rather than left to the error handler, so the answer names the field as the check does.
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
  return toUser(row);
}

/** The named account's row (any case); 404 NOT_FOUND when there is none. */
async function existingUser(db: Db, username: string): Promise<UserRow> {
  const row = await repo.findUserByUsername(db, username);
  if (!row) throw new AppError('NOT_FOUND', 'no such user');
  return row;
}

/** The signed-in account's row; 404 NOT_FOUND for an author's session or an account gone meanwhile. */
async function ownAccount(db: Db, userId: string | null): Promise<UserRow> {
  const row = userId === null ? undefined : await repo.findUserById(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'no such user');
  return row;
}

/** Finds an account by name, regardless of case. */
export async function findUser(db: Db, username: string): Promise<User | undefined> {
  const row = await repo.findUserByUsername(db, username);
  return row && toUser(row);
}

/** Finds an account by id. */
export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const row = await repo.findUserById(db, id);
  return row && toUser(row);
}

/**
 * The staff account (mod or admin) of that name, regardless of case; 400 VALIDATION_FAILED naming
 * `field` when there is none.
 */
export async function findStaffAccount(db: Db, username: string, field: string): Promise<User> {
  const user = await findUser(db, username);
  if (user && (user.role === 'mod' || user.role === 'admin')) return user;
  const message = `there is no staff account (mod or admin) named "${username}"`;
  throw new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, keyword: 'staff', message }]);
}

/** Lists all accounts ordered by name. */
export async function listUsers(db: Db): Promise<User[]> {
  return (await repo.listUsers(db)).map(toUser);
}

/** Counts the accounts holding the admin role. */
export function countAdmins(db: Db): Promise<number> {
  return repo.countUsers(db, 'admin');
}

/** Counts all accounts. */
export function countUsers(db: Db): Promise<number> {
  return repo.countUsers(db);
}

/** Sets a new password for the named account (404 NOT_FOUND when there is none). */
export async function setPassword(
  db: Db,
  username: string,
  password: string,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<User> {
  assertValidPassword(password);
  const row = await existingUser(db, username);
  const updatedAt = Date.now();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, row.id, { password_hash: passwordHash, updated_at: updatedAt });
    await recordAuditAs(trx, audit, {
      kind: 'user.password_set',
      target: { type: 'user', id: row.id },
      details: { username: row.username },
      at: updatedAt,
    });
  });
  return toUser({ ...row, updated_at: updatedAt });
}

/** Deletes the named account; its sessions go with it (foreign key cascade). The last admin stays (409). */
export async function deleteUser(
  db: Db,
  username: string,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await existingUser(trx, username);
    if (isActiveAdmin(row) && (await repo.countAdminsForUpdate(trx)) <= 1) throw lastAdmin();
    if (!(await repo.deleteUserById(trx, row.id))) throw new AppError('NOT_FOUND', 'no such user');
    await recordAuditAs(trx, audit, {
      kind: 'user.deleted',
      target: { type: 'user', id: row.id },
      details: { username: row.username, role: row.role },
    });
  });
}

/** Ends every session of the named account (an admin's action: a lost laptop, a departure). */
export async function endSessionsOfAccount(
  db: Db,
  username: string,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await existingUser(trx, username);
    await endOtherSessions(trx, row.id, null);
    await recordAuditAs(trx, audit, {
      kind: 'auth.sessions_ended',
      target: { type: 'user', id: row.id },
      details: { username: row.username },
    });
  });
}

/** An admin who can log in: the one the "last admin" rule keeps. */
function isActiveAdmin(row: UserRow): boolean {
  return row.role === 'admin' && row.disabled_at === null;
}

/**
 * Disables the named account: it keeps its name, its comments and its place in the history, but
 * cannot log in, and its open sessions end at once. The last admin who can log in stays (409).
 * Answers the account and how many sessions ended.
 */
export async function disableUser(
  db: Db,
  username: string,
  audit: AuditContext = SYSTEM_AUDIT,
  now = Date.now(),
): Promise<{ user: User; sessionsEnded: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await existingUser(trx, username);
    const sessionsEnded = await countSessionsOfUser(trx, row.id);
    await endOtherSessions(trx, row.id, null);
    if (row.disabled_at !== null) return { user: toUser(row), sessionsEnded };
    if (isActiveAdmin(row) && (await repo.countAdminsForUpdate(trx)) <= 1) {
      throw new AppError('LAST_ADMIN', 'the last admin account cannot be disabled', [
        { field: 'username', keyword: 'last_admin', message: 'the last admin account cannot be disabled' },
      ]);
    }
    await repo.updateUser(trx, row.id, { disabled_at: now, updated_at: now });
    await recordAuditAs(trx, audit, {
      kind: 'user.updated',
      target: { type: 'user', id: row.id },
      details: {
        username: row.username,
        fields: ['disabled'],
        disabled: true,
        sessions_ended: sessionsEnded,
      },
      at: now,
    });
    return { user: toUser({ ...row, disabled_at: now, updated_at: now }), sessionsEnded };
  });
}

/** Lets a disabled account log in again. */
export async function enableUser(
  db: Db,
  username: string,
  audit: AuditContext = SYSTEM_AUDIT,
  now = Date.now(),
): Promise<User> {
  return db.transaction().execute(async (trx) => {
    const row = await existingUser(trx, username);
    if (row.disabled_at === null) return toUser(row);
    await repo.updateUser(trx, row.id, { disabled_at: null, updated_at: now });
    await recordAuditAs(trx, audit, {
      kind: 'user.updated',
      target: { type: 'user', id: row.id },
      details: { username: row.username, fields: ['disabled'], disabled: false },
      at: now,
    });
    return toUser({ ...row, disabled_at: null, updated_at: now });
  });
}

function lastAdmin(): AppError {
  return new AppError('LAST_ADMIN', 'the last admin account cannot be deleted or demoted', [
    {
      field: 'username',
      keyword: 'last_admin',
      message: 'the last admin account cannot be deleted or demoted',
    },
  ]);
}

/** An account as the API shows it: name, role, ISO dates. */
export function toUserAccount(user: User): UserAccount {
  const account: UserAccount = {
    username: user.username,
    role: user.role,
    email: user.email,
    created_at: isoDateTime(user.createdAt),
    updated_at: isoDateTime(user.updatedAt),
  };
  if (user.sso) account.sso = true;
  return account;
}

/** Gives the named account another role; demoting the last admin is refused (409 LAST_ADMIN). */
export async function changeRole(
  db: Db,
  username: string,
  role: string,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<User> {
  assertValidRole(role);
  return db.transaction().execute(async (trx) => {
    const row = await existingUser(trx, username);
    if (row.role === role) return toUser(row);
    if (isActiveAdmin(row) && (await repo.countAdminsForUpdate(trx)) <= 1) throw lastAdmin();
    const updatedAt = Date.now();
    await repo.updateUser(trx, row.id, { role, updated_at: updatedAt });
    await updateSessionRoles(trx, row.id, role);
    await recordAuditAs(trx, audit, {
      kind: 'user.role_changed',
      target: { type: 'user', id: row.id },
      details: { username: row.username, from: row.role, to: role },
      at: updatedAt,
    });
    return toUser({ ...row, role, updated_at: updatedAt });
  });
}

/**
 * Whether `password` is the account's own, asked before a change to the account: wrong answers are
 * counted per account like logins (429 past the limit) and a right one clears the count.
 */
async function isOwnPassword(
  limiter: RateLimiter,
  row: UserRow,
  password: string | undefined,
): Promise<boolean> {
  const key = `password-change:${row.id}`;
  const verified = await countedAttempt(
    limiter,
    [[key, LOGIN_LIMITS.failuresPerName]],
    LOGIN_LIMITS.windowMs,
    'too many wrong passwords, try again later',
    async () => (password && (await verifyPassword(row.password_hash, password))) || undefined,
  );
  if (verified) await limiter.reset(key);
  return verified === true;
}

function passwordChangeFailed(): AppError {
  return invalid('old_password', 'credentials', PASSWORD_CHANGE_FAILED_MESSAGE);
}

/**
 * Changes an account's password through the API. An admin may set anyone's; a mod only their
 * own (403 otherwise); one's own always needs the old password (400 naming old_password, with the
 * spec's message, when missing or wrong). Wrong old passwords are limited like logins (429), so a
 * session left open cannot be used to guess the password. The account's other sessions end; the
 * caller's stays.
 */
export async function changePassword(
  db: Db,
  limiter: RateLimiter,
  caller: SessionState,
  username: string,
  input: UserPasswordUpdate,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<User> {
  if (input.username !== undefined && input.username.toLowerCase() !== username.toLowerCase()) {
    throw invalid('username', 'const', 'username must be the account named in the path');
  }
  const row = await repo.findUserByUsername(db, username);
  const isSelf = row !== undefined && row.id === caller.userId;
  if (caller.role !== 'admin' && !isSelf)
    throw new AppError('FORBIDDEN', 'a mod may change only their own password');
  if (!row) throw new AppError('NOT_FOUND', 'no such user');
  assertValidPassword(input.password);
  if (isSelf) {
    if (!(await isOwnPassword(limiter, row, input.old_password))) throw passwordChangeFailed();
  }
  const updatedAt = Date.now();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, row.id, { password_hash: passwordHash, updated_at: updatedAt });
    await endOtherSessions(trx, row.id, isSelf ? caller.id : null);
    await recordAuditAs(trx, audit, {
      kind: 'user.password_set',
      target: { type: 'user', id: row.id },
      details: { username: row.username, own: isSelf },
      at: updatedAt,
    });
  });
  return toUser({ ...row, updated_at: updatedAt });
}

/** The signed-in account's own settings: address, the language of its mails, its notifications. */
export async function getProfile(db: Db, userId: string | null, mailEnabled: boolean): Promise<Profile> {
  const row = await ownAccount(db, userId);
  return {
    data: {
      username: row.username,
      role: row.role,
      email: row.email,
      language: row.language,
      notifications: preferencesOf(row.notifications),
      mail_enabled: mailEnabled,
    },
  };
}

/**
 * Changes the signed-in account's own settings. A new address (or none) needs the current password
 * (400 naming current_password when it is wrong, counted like a login); 400 naming email for one that
 * is not an address.
 */
export async function updateProfile(
  db: Db,
  limiter: RateLimiter,
  caller: SessionState,
  input: ProfileUpdate,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<void> {
  const row = await ownAccount(db, caller.userId);
  const update: UserUpdate = {};
  const changed: string[] = [];
  if (input.email !== undefined) {
    const email = validEmail(input.email);
    if (email !== row.email) {
      if (!(await isOwnPassword(limiter, row, input.current_password))) {
        throw invalid(
          'current_password',
          'password',
          'the current password is needed to change the address, and it was wrong',
        );
      }
      update.email = email;
      changed.push('email');
    }
  }
  if (input.language !== undefined && input.language !== row.language) {
    update.language = input.language;
    changed.push('language');
  }
  if (input.notifications !== undefined) {
    const notifications = { ...preferencesOf(row.notifications), ...input.notifications };
    update.notifications = JSON.stringify(notifications);
    changed.push('notifications');
  }
  if (changed.length === 0) return;
  const updatedAt = Date.now();
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, row.id, { ...update, updated_at: updatedAt });
    await recordAuditAs(trx, audit, {
      kind: 'user.updated',
      target: { type: 'user', id: row.id },
      details: { username: row.username, fields: changed },
      at: updatedAt,
    });
  });
}

/**
 * Checks a name and password; returns the account or undefined. An unknown name costs the same
 * hashing work as a wrong password, so timing does not tell which part was wrong.
 */
export async function verifyCredentials(
  db: Db,
  username: string,
  password: string,
): Promise<User | undefined> {
  const row = usernamePattern.test(username) ? await repo.findUserByUsername(db, username) : undefined;
  if (!row) return verifyDummyPassword(password).then(() => undefined);
  // An SSO account has no password here: refused like an unknown name, after the same work.
  if (row.auth_source === 'oidc') return verifyDummyPassword(password).then(() => undefined);
  // A disabled account is refused like a wrong password, after the same work.
  const isRight = await verifyPassword(row.password_hash, password);
  return isRight && row.disabled_at === null ? toUser(row) : undefined;
}

/**
 * Creates the first admin when no account exists. Returns the password when it was generated,
 * so the caller can show it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { username: string; password?: string | undefined },
): Promise<{ created: false } | { created: true; user: User; generatedPassword: string | undefined }> {
  if ((await repo.countUsers(db)) > 0) return { created: false };
  const password = options.password ?? generatePassword();
  try {
    const user = await createUser(db, { username: options.username, role: 'admin', password });
    return { created: true, user, generatedPassword: options.password === undefined ? password : undefined };
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (error instanceof AppError && error.code === 'CONFLICT') return { created: false };
    throw error;
  }
}
