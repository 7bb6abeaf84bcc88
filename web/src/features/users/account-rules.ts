import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN, type UserAccount } from '../../lib/contract';

const usernamePattern = new RegExp(USERNAME_PATTERN);

/** The spec's username rule (section 5): 3–64 characters, letters and digits only. */
export function isValidUsername(username: string): boolean {
  return usernamePattern.test(username);
}

/** The contract's password length, the same the server checks. */
export function isValidPasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/**
 * The only admin account, if there is exactly one: the server refuses to delete or demote it (409
 * LAST_ADMIN), so the screen disables both and says why. The list holds every account.
 */
export function lastAdminOf(accounts: readonly UserAccount[]): string | null {
  const admins = accounts.filter((account) => account.role === 'admin');
  return admins.length === 1 ? admins[0]!.username : null;
}
