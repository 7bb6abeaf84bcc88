// An author's steps through the API, for journeys about what moderation does with a proposal, and the
// API client they use (moderation journeys create accounts with it too).
import { createHash } from 'node:crypto';
import { expect, request as apiRequest, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from './server.ts';

export const AUTHOR_PASSWORD = 'Velo-Weg 2026!';

/** The proof-of-work rule of DESIGN.md: SHA-256 of nonce + counter ends in `difficulty` zero bits. */
function solveChallenge(nonce: string, difficulty: number): number {
  for (let counter = 0; ; counter++) {
    const digest = createHash('sha256')
      .update(nonce + String(counter))
      .digest();
    let bits = difficulty;
    let solved = true;
    for (let i = digest.length - 1; bits > 0 && solved; i--) {
      const byte = digest[i]!;
      solved = bits >= 8 ? byte === 0 : (byte & ((1 << bits) - 1)) === 0;
      bits -= 8;
    }
    if (solved) return counter;
  }
}

export type Call = (
  method: string,
  path: string,
  data?: unknown,
  headers?: Record<string, string>,
) => Promise<unknown>;

/** An API client: keeps its session cookie and sends back the last CSRF token it saw. */
export async function apiClient(): Promise<{ api: APIRequestContext; call: Call }> {
  const api = await apiRequest.newContext({ baseURL: new URL('/api/v1/', E2E_BASE_URL).href });
  let csrf = '';
  const call: Call = async (method, path, data, headers = {}) => {
    const response = await api.fetch(path, {
      method,
      ...(data === undefined ? {} : { data }),
      headers: { ...headers, ...(method === 'GET' ? {} : { 'X-Csrf-Token': csrf }) },
    });
    csrf = response.headers()['x-csrf-token'] ?? csrf;
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    if (response.status() === 201 && response.headers()['location']) return response.headers()['location'];
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  };
  await call('GET', 'auth');
  return { api, call };
}

/**
 * Creates an article with the given title and Markdown and proposes it, then writes the author's
 * comment when one is given; answers its id.
 */
export async function proposeArticle(
  title: string,
  content = 'Text des Beitrags.',
  options: { comment?: { title: string; content: string } } = {},
): Promise<string> {
  const { api, call } = await apiClient();
  const { data } = (await call('GET', 'pow')) as { data: { token: string } };
  const claims = JSON.parse(Buffer.from(data.token.split('.')[1]!, 'base64url').toString('utf8')) as {
    nonce: string;
    difficulty: number;
  };
  const solution = String(solveChallenge(claims.nonce, claims.difficulty));
  const location = (await call(
    'POST',
    'pow',
    { solution, cpt: 'article', password: AUTHOR_PASSWORD },
    { authorization: `Bearer ${data.token}` },
  )) as string;
  const id = location.split('/').at(-1)!;
  const entry = (await call('GET', `anon/${id}`)) as { data: Record<string, unknown> };
  await call('PUT', `anon/${id}`, {
    data: { ...entry.data, title, content, lead: 'Kurz und bündig.', category: 'local' },
  });
  await call('POST', `anon/${id}/publish`);
  if (options.comment) await call('POST', `anon/${id}/comments`, options.comment);
  await api.dispose();
  return id;
}
