import type { FastifyRequest } from 'fastify';
import type { AuditActor, AuditContext } from './service.ts';

/** The actor of a request: its account when a moderation session is open, else nobody. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { session } = request;
  return session.userId !== null
    ? { type: 'user', id: session.userId, username: session.username }
    : { type: 'anonymous', username: null };
}

/** The client's address for an audit record: only when EINWURF_AUDIT_CLIENT_ADDRESS is on. */
export function auditAddressOf(request: FastifyRequest): string | null {
  return request.server.config.auditClientAddress ? request.ip : null;
}

/** Who acts in a request, and from where when the operator keeps addresses. */
export function auditContext(request: FastifyRequest): AuditContext {
  return { actor: auditActorOf(request), clientAddress: auditAddressOf(request) };
}
