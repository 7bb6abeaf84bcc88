import { vi } from 'vitest';
import { jsonResponse } from './render';

export type ApiRequest = { method: string; path: string; url: URL; body: unknown };
type Answer = Response | unknown;
type Handler = (request: ApiRequest) => Answer | Promise<Answer>;

function parse(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Stubs fetch with a small API: routes keyed `METHOD path` (path below /api/v1/, without the query),
 * each a handler or a body answered as 200 JSON; anything else answers 404 NOT_FOUND.
 */
export function mockApi(routes: Record<string, Handler | Answer>) {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const request = { method, path, url, body: parse(init?.body) };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (route === undefined) {
      return jsonResponse(
        { error: { code: 'NOT_FOUND', message: `no route ${method} ${path}` } },
        { status: 404 },
      );
    }
    const answer = typeof route === 'function' ? await (route as Handler)(request) : route;
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests sent so far to `METHOD path`. */
  const sent = (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key);
  return { fetchMock, requests, sent };
}

export function errorResponse(status: number, code: string, fields?: unknown[], extra: object = {}) {
  return jsonResponse(
    { error: { code, message: code, ...(fields ? { fields } : {}) }, ...extra },
    { status },
  );
}

export const CPTS = {
  data: [
    {
      name: 'article',
      title: { de: 'Artikel', 'de-CH': 'Artikel', en: 'Article' },
      description: { de: '', 'de-CH': '', en: '' },
    },
    {
      name: 'event',
      title: { de: 'Veranstaltung', 'de-CH': 'Veranstaltung', en: 'Event' },
      description: { de: '', 'de-CH': '', en: '' },
    },
  ],
};
