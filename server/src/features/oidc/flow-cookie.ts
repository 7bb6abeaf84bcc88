import { openClaims, sealClaims } from '../../signed-token.ts';

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
const PURPOSE = 'einwurf oidc flow v1';

/** The cookie value of a flow, valid for FLOW_MAX_AGE_SECONDS. */
export function sealFlow(secret: string, flow: Flow, now = Date.now()): string {
  const claims = { s: flow.state, n: flow.nonce, v: flow.verifier, exp: now + FLOW_MAX_AGE_SECONDS * 1000 };
  return sealClaims(secret, PURPOSE, claims);
}

/** The flow a cookie value carries when signed by a secret that still verifies and not expired. */
export function openFlow(
  secrets: readonly string[],
  token: string | undefined,
  now = Date.now(),
): Flow | undefined {
  const claims = openClaims(secrets, PURPOSE, token, MAX_TOKEN_LENGTH);
  if (claims === undefined) return undefined;
  const { s, n, v, exp } = claims;
  if (typeof s !== 'string' || typeof n !== 'string' || typeof v !== 'string' || typeof exp !== 'number') {
    return undefined;
  }
  if (exp <= now) return undefined;
  return { state: s, nonce: n, verifier: v };
}
