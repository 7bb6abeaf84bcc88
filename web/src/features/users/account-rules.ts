import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '../../lib/contract';

const usernamePattern = new RegExp(USERNAME_PATTERN);

/** The spec's username rule (section 5): 3–64 characters, letters and digits only. */
export function isValidUsername(username: string): boolean {
  return usernamePattern.test(username);
}

/** The contract's password length, the same the server checks. */
export function isValidPasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}
