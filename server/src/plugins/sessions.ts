import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, type EntryActor, type Role } from '@einwurf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import {
  knownSession,
  mustSetUpSecondFactor,
  NO_SESSION,
  resolveSession,
  type SessionState,
} from '../features/auth/sessions.ts';
import { rebindCsrfToken } from './csrf.ts';
import { isPublicRead } from './public-reads.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

export { SESSION_COOKIE };

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; role 'none' without one. Resolved for /api requests only. */
    session: SessionState;
  }
}

/** Sets the session cookie (and the CSRF token that goes with it); Secure whenever the request came over https. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    expires: new Date(expiresAt),
  });
  rebindCsrfToken(request, reply, token);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
  rebindCsrfToken(request, reply, undefined);
}

// The guards and the session lookup are hooks of every API request: they take Fastify's `done`
// instead of being async, which saves a promise and a turn of the microtask queue per hook (about a
// microsecond each); a guard that throws is answered as an async one's rejection is.

/** Throws 401 without a session, 403 with a role not among `roles`. */
function checkRole(roles: readonly Role[], { role }: SessionState): void {
  if (roles.includes(role)) return;
  if (role === 'none') throw new AppError('UNAUTHENTICATED', 'not logged in or session expired');
  throw new AppError('FORBIDDEN', 'not allowed for this role');
}

/** A guard admitting only the given roles, as a preHandler or a preValidation hook. */
function roleGuard(roles: readonly Role[]): preHandlerHookHandler & preValidationHookHandler {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    checkRole(roles, request.session);
    done();
  };
}

/** A preHandler admitting only the given roles: 401 without a session, 403 with another role. */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return roleGuard(roles);
}

/**
 * The same check as `requireRole`, run before the body is validated, so a caller without the role
 * learns nothing from validation errors: the guard of every `admin/…` route.
 */
export function requireRoleFirst(...roles: Role[]): preValidationHookHandler {
  return roleGuard(roles);
}

/**
 * The guard of every `anon/:id` route, run before the body is validated: only the session of that
 * entry's author passes. Without a session it is 401 (the web app then asks for the entry's
 * password again, spec section 4); any other session, another author's or moderation's, gets the
 * same 404 as an id that does not exist, so nothing tells whether the entry exists.
 */
export const requireEntryAuthor: preValidationHookHandler = (request, _reply, done) => {
  const { role, entryId } = request.session;
  if (role === 'none') throw new AppError('UNAUTHENTICATED', 'not logged in or session expired');
  const { id } = request.params as { id?: unknown };
  if (role !== 'anon' || entryId !== id) throw new AppError('NOT_FOUND', 'no such entry');
  done();
};

/** The account behind a moderation session, as the event log records it. */
export function moderator(session: SessionState): { actor: EntryActor; userId: string | null } {
  return { actor: session.role === 'admin' ? 'admin' : 'mod', userId: session.userId };
}

/** Where a staff account that must set up a second factor may still go: its own profile. */
const SETUP_PATHS = `${API_BASE}/admin/profile`;

async function sessions(
  app: FastifyInstance,
  options: { db: Kysely<Database>; secondFactorRequired?: boolean },
): Promise<void> {
  const required = options.secondFactorRequired ?? false;
  app.decorateRequest('session', null as unknown as SessionState);
  const admit = (request: FastifyRequest, session: SessionState): void => {
    request.session = session;
    if (
      mustSetUpSecondFactor(session, required) &&
      request.url.startsWith(`${API_BASE}/admin/`) &&
      !request.url.startsWith(SETUP_PATHS)
    ) {
      throw new AppError(
        'SECOND_FACTOR_SETUP_REQUIRED',
        'this installation requires a second factor: set it up on the profile first',
      );
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    // Readers of public outputs are nobody in particular: their session is not looked up.
    if (!request.url.startsWith('/api') || isPublicRead(request)) {
      request.session = NO_SESSION;
      done();
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    // Most requests name a session kept in memory, or none: answered without waiting.
    const known = knownSession(token);
    if (known !== undefined) {
      admit(request, known);
      done();
      return;
    }
    resolveSession(options.db, token)
      .then((session) => admit(request, session))
      .then(() => done(), done);
  });
}

export default fp(sessions, { name: 'sessions', dependencies: ['@fastify/cookie'] });
