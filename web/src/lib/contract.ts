/**
 * The contract as the web app's first load may use it: the contract's index also loads Ajv and the form
 * validators, which the home budget cannot afford, so runtime values come from its individual files (their
 * TypeBox schemas drop out of the bundle, see vite.config.ts). Screens that validate import the rest lazily.
 */
import { ROLES, type Role } from '../../../contract/src/auth.ts';

export * from '../../../contract/src/limits.ts';
export * from '../../../contract/src/errors.ts';
export { ROLES, ACCOUNT_ROLES, isLoggedIn, type Role, type AccountRole } from '../../../contract/src/auth.ts';
export type {
  ApiRoot,
  EntryTypeSummary,
  LocalizedText,
  ModeratorLogin,
  AuthorLogin,
  PublicConfig,
} from '@einwurf/contract';

/**
 * The session as `GET/POST auth` answers it. Spelled out here because the contract's AuthState resolves its
 * role to `never` (its union is built from an array, not a tuple).
 */
export type AuthState = { role: Role; ttl: number };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
