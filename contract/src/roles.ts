// The roles without the login schemas (auth.ts), so what the web app needs at start carries no TypeBox.

export const ROLES = ['none', 'anon', 'mod', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles an account can hold; authors (anon) never have accounts. */
export const ACCOUNT_ROLES = ['mod', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** "Logged in" in the spec's sense: a moderation role, not an author or nobody. */
export function isLoggedIn(role: Role): boolean {
  return role === 'mod' || role === 'admin';
}

/**
 * Why a login through the provider ended without a session, as the callback names it to the login
 * screen (`?sso_error=`): `failed` (refused at the provider, or the answer did not match the login
 * started here), `no_role` (no group or role of the account grants access), `disabled` (the
 * account is disabled here), `unavailable` (the provider could not be reached).
 */
export const SSO_ERROR_CODES = ['failed', 'no_role', 'disabled', 'unavailable'] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];
