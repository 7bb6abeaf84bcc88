import type { Role } from '../lib/contract';
import { paths, type RouteName } from '../lib/paths';

/** What a route declares about who may see it. */
export type RouteAccess = { requiresAuth: boolean; roles: readonly Role[] };

export const PUBLIC_ACCESS: RouteAccess = { requiresAuth: false, roles: ['none', 'anon', 'mod', 'admin'] };
export const AUTHOR_ACCESS: RouteAccess = { requiresAuth: true, roles: ['anon'] };
export const MODERATION_ACCESS: RouteAccess = { requiresAuth: true, roles: ['mod', 'admin'] };
export const ADMIN_ACCESS: RouteAccess = { requiresAuth: true, roles: ['admin'] };

export type GuardTarget = { name: RouteName; params: Record<string, string | undefined> };

/**
 * The access guard of spec section 2: answers where to send the user instead of the target, or null when
 * the current role may see it.
 */
export function resolveAccess(access: RouteAccess, role: Role, target: GuardTarget): string | null {
  if (!access.requiresAuth || access.roles.includes(role)) return null;
  if (access.roles.includes('anon')) {
    const { cpt, id } = target.params;
    if (target.name === 'editCPT' && role === 'none' && cpt && id) return paths.editCPTPreAuth({ cpt, id });
    return paths.home();
  }
  return paths.login();
}
