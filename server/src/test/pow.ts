import type { LightMyRequestResponse } from 'fastify';
import { readPowToken, solvePow } from '@einwurf/contract';
import type { TestClient } from './app.ts';

export const AUTHOR_PASSWORD = 'Velo-Weg 2026!';

/** Fetches a challenge and solves it with the contract's solver. */
export async function solvedChallenge(client: TestClient): Promise<{ token: string; solution: string }> {
  const response = await client.request({ method: 'GET', url: '/api/v1/pow' });
  const { token } = response.json<{ data: { token: string } }>().data;
  const claims = readPowToken(token);
  if (!claims) throw new Error(`unreadable challenge ${token}`);
  return { token, solution: String(solvePow(claims.nonce, claims.difficulty)) };
}

/** Sends `POST pow` with a token as bearer. */
export function redeem(
  client: TestClient,
  token: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return client.request({
    method: 'POST',
    url: '/api/v1/pow',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

/** Creates an entry the way the web app does and returns its id; the client holds the author session. */
export async function createEntryAsAuthor(
  client: TestClient,
  cpt = 'article',
  password = AUTHOR_PASSWORD,
): Promise<string> {
  const { token, solution } = await solvedChallenge(client);
  const response = await redeem(client, token, { solution, cpt, password });
  if (response.statusCode !== 201)
    throw new Error(`POST pow answered ${response.statusCode}: ${response.body}`);
  const id = /\/anon\/([^/]+)$/.exec(String(response.headers['location']))?.[1];
  if (!id) throw new Error(`no id in Location ${String(response.headers['location'])}`);
  return id;
}
