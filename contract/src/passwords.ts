import type { FieldError } from './errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

// The passwords tried first by anyone guessing; an entry's password is all that guards it. The web
// app checks them before it spends a second solving the challenge; the server is the authority.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '87654321',
  '123123123',
  'password',
  'password1',
  'password123',
  'passwort',
  'passwort1',
  'passwort123',
  'qwertz123',
  'qwertzuiop',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'abcdefgh',
  'abc12345',
  'hallo123',
  'hallohallo',
  '1q2w3e4r',
  'letmein1',
]);

/** The field error of a password whose length is outside PASSWORD_MIN–PASSWORD_MAX, if it is. */
export function passwordLengthProblem(password: string): FieldError | undefined {
  if (password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX) return undefined;
  return {
    field: 'password',
    keyword: 'length',
    message: `password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
  };
}

/** Field errors of an entry password: its length, then the most common choices (keyword `common`). */
export function entryPasswordProblems(password: string): FieldError[] {
  const length = passwordLengthProblem(password);
  if (length) return [length];
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return [{ field: 'password', keyword: 'common', message: 'password is too common; choose another' }];
  }
  return [];
}
