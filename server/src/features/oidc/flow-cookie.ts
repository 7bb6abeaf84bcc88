import { createHmac, timingSafeEqual } from 'node:crypto';

// What a login through the provider must remember between the redirect there and the way back:
// the state, the nonce and the PKCE code verifier. They travel in a short-lived cookie signed by the
// server (out of scripts' reach and sent to the SSO routes only), so any instance can complete a
// login another one started; the callback checks each against what the provider answers.

/** The cookie that carries one login's flow; sent to the SSO routes only. */
export const FLOW_COOKIE = 'einwurf_oidc_flow';
/** How long a login at the provider may take. */
export const FLOW_MAX_AGE_SECONDS = 10 * 60;

export type Flow = { state: string; nonce: string; verifier: string };

const MAX_TOKEN_LENGTH = 1024;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

// A key of its own, derived from the signing secret, so no other token the server signs can pass.
const keyOf = (secret: string) => createHmac('sha256', secret).update('einwurf oidc flow v1').digest();
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest();

/** The cookie value of a flow, valid for FLOW_MAX_AGE_SECONDS. */
export function sealFlow(secret: string, flow: Flow, now = Date.now()): string {
  const claims = { s: flow.state, n: flow.nonce, v: flow.verifier, exp: now + FLOW_MAX_AGE_SECONDS * 1000 };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The flow a cookie value carries when signed by a secret that still verifies and not expired. */
export function openFlow(
  secrets: readonly string[],
  token: string | undefined,
  now = Date.now(),
): Flow | undefined {
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [payload, signature, ...rest] = token.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return undefined;
  if (!SEGMENT.test(payload) || !SEGMENT.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const signed = secrets.some((secret) => {
    const expected = sign(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { s, n, v, exp } = claims as Record<string, unknown>;
  if (typeof s !== 'string' || typeof n !== 'string' || typeof v !== 'string' || typeof exp !== 'number') {
    return undefined;
  }
  if (exp <= now) return undefined;
  return { state: s, nonce: n, verifier: v };
}
