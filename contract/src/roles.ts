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
