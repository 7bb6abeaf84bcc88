import { apiRequest, jsonBody } from '../../../../lib/api-client';
import type { AuthState, PowSubmission } from '../../../../lib/contract';

/** The solved challenge token and the body of `POST pow`; the solver answers the counter in decimal. */
export type PowRedemption = { token: string } & PowSubmission & { solution: string };
export type RedeemedPow = { id: string; auth: AuthState };

/** Thrown when the create call's Location header names no entry id (spec section 5). */
export class MalformedLocationError extends Error {
  constructor() {
    super('malformed location header');
    this.name = 'MalformedLocationError';
  }
}

/** The new entry's id: the last path segment of the Location header. */
export function entryIdFromLocation(location: string | null): string {
  const path = (location ?? '').split(/[?#]/)[0] ?? '';
  const id = path.split('/').filter(Boolean).at(-1);
  if (!id || !path.includes('/')) throw new MalformedLocationError();
  return decodeURIComponent(id);
}

/**
 * `POST pow` with the solved challenge as bearer: creates the draft entry and the author's session;
 * answers the entry id (from Location) and the session. The entry remembers `language`, the
 * interface language the author writes in.
 */
export async function redeemPow({
  token,
  solution,
  cpt,
  password,
  language,
}: PowRedemption): Promise<RedeemedPow> {
  const response = await apiRequest('pow', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: jsonBody({ solution, cpt, password, language } satisfies PowSubmission),
  });
  const id = entryIdFromLocation(response.headers.get('location'));
  const auth = (await response.json()) as AuthState;
  return { id, auth };
}
