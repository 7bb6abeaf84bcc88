import { apiFetch } from '../../../../lib/api-client';
import type { PowChallenge } from '../../../../lib/contract';

/** `GET pow`: a signed challenge token (JWT holding nonce, difficulty and expiry). */
export async function getPowChallenge(): Promise<string> {
  const body = await apiFetch<PowChallenge>('pow');
  const token = body?.data?.token;
  if (typeof token !== 'string' || token === '') throw new Error('the server answered no challenge token');
  return token;
}
