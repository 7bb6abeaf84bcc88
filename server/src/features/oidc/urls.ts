import type { FastifyRequest } from 'fastify';
import { API_BASE, ROUTER_BASE } from '@einwurf/contract';

export const OIDC_CALLBACK_PATH = `${API_BASE}/auth/oidc/callback`;

/** The origin the browser reaches this server under: EINWURF_PUBLIC_URL, else the request's. */
function originOf(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Where the provider sends the browser back to; registered with the provider as the redirect URI. */
export function callbackUrlOf(request: FastifyRequest): string {
  return `${originOf(request)}${OIDC_CALLBACK_PATH}`;
}

/** Where the provider's logout sends the browser back to (its post-logout redirect URI). */
export function loginPageOf(request: FastifyRequest): string {
  return `${originOf(request)}${ROUTER_BASE}/login`;
}
