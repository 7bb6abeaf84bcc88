import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { checkPowSolution } from '@einwurf/contract';
import { clearAuth, getAuth } from '../../lib/auth-store';
import { readCurrentEntry } from '../../lib/current-entry';
import { afterPaint, jsonResponse, renderRoutes } from '../../test/render';
import { Component as CreatePage } from './create-route';

const fetchMock = vi.fn<typeof fetch>();
const NONCE = '00112233445566778899aabbccddeeff';
const ID = 'AbCdEfGhIjKlMnOpQrStUv';

function token(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}
const challenge = (claims: Record<string, unknown> = {}) =>
  jsonResponse({
    data: { token: token({ jti: 'j', nonce: NONCE, difficulty: 4, exp: 4_000_000_000, ...claims }) },
  });

function renderCreate() {
  return renderRoutes(
    [
      { path: '/create/:cpt', element: <CreatePage /> },
      { path: '/:cpt/:id', element: <h1>edit page</h1> },
      { path: '/', element: <h1>home page</h1> },
    ],
    '/create/article',
  );
}

async function submitPasswords(password: string, repeat = password) {
  await userEvent.type(
    screen.getByLabelText('Passwort', { exact: false, selector: 'input[name="password"]' }),
    password,
  );
  await userEvent.type(screen.getByLabelText('Passwort wiederholen', { exact: false }), repeat);
  await userEvent.click(screen.getByRole('button', { name: 'Beitrag anlegen' }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  clearAuth();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('create page', () => {
  it('refuses a repeat that does not match, before any request', async () => {
    renderCreate();
    await submitPasswords('lange-genug-1', 'lange-genug-2');
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the length rule and refuses a short password', async () => {
    renderCreate();
    expect(screen.getByText('Mindestens 8 Zeichen; keines der häufigsten Passwörter.')).toBeInTheDocument();
    await submitPasswords('kurz');
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('solves the challenge, creates the entry and asks to keep password and link', async () => {
    let solution = '';
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/api/v1/pow' && (init?.method ?? 'GET') === 'GET') return challenge();
      const body = JSON.parse(String(init!.body)) as { solution: string; cpt: string; password: string };
      solution = body.solution;
      expect(new Headers(init!.headers).get('Authorization')).toMatch(/^Bearer .+\..+\..+$/);
      // The entry remembers the interface language its author writes in.
      expect(body).toMatchObject({ cpt: 'article', password: 'ein-gutes-passwort', language: 'de' });
      return jsonResponse(
        { role: 'anon', ttl: 4_000_000_000 },
        { status: 201, headers: { location: `/api/v1/anon/${ID}` } },
      );
    });
    renderCreate();
    await submitPasswords('ein-gutes-passwort');

    expect(await screen.findByRole('heading', { name: 'Passwort und Link sichern' })).toBeInTheDocument();
    expect(checkPowSolution(NONCE, solution, 4)).toBe(true);
    expect(readCurrentEntry()).toEqual({ cpt: 'article', id: ID });
    expect(getAuth().role).toBe('anon');
    expect(screen.getByRole('textbox', { name: 'Permalink' })).toHaveValue(
      `${window.location.origin}/publish/article/${ID}`,
    );
    const next = screen.getByRole('button', { name: 'Weiter zum Beitrag' });
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich habe Passwort und Link gespeichert' }));
    await afterPaint();
    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'edit page' })).toBeInTheDocument();
  });

  it('asks before leaving while password and link are not confirmed as saved', async () => {
    fetchMock.mockImplementationOnce(async () => challenge());
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(
        { role: 'anon', ttl: 4_000_000_000 },
        { status: 201, headers: { location: `/api/v1/anon/${ID}` } },
      ),
    );
    const { router } = renderCreate();
    await submitPasswords('ein-gutes-passwort');
    await screen.findByRole('heading', { name: 'Passwort und Link sichern' });
    await afterPaint();
    void router.navigate('/');
    const dialog = await screen.findByRole('dialog', { name: 'Passwort und Link gespeichert?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zurück zum Sichern' }));
    expect(screen.getByRole('heading', { name: 'Passwort und Link sichern' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich habe Passwort und Link gespeichert' }));
    await afterPaint();
    void router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'home page' })).toBeInTheDocument();
  });

  it('shows the waiting message while the browser solves', async () => {
    let answerChallenge: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerChallenge = resolve)));
    renderCreate();
    await submitPasswords('ein-gutes-passwort');
    expect(await screen.findByText('Einen Moment: dein Browser rechnet …')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Fortschritt der Berechnung' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('0 % der üblichen Rechenzeit, die Dauer wird geschätzt')).toBeInTheDocument();
    answerChallenge(jsonResponse({ error: { code: 'UNAVAILABLE', message: 'x' } }, { status: 503 }));
    expect(await screen.findByRole('heading', { name: 'home page' })).toBeInTheDocument();
  });

  it.each([
    [
      'the challenge request fails',
      () => jsonResponse({ error: { code: 'UNAVAILABLE', message: 'down' } }, { status: 503 }),
    ],
    ['the token claims difficulty 0', () => challenge({ difficulty: 0 })],
    ['the token has no nonce', () => challenge({ nonce: undefined })],
  ])('goes home saying no challenge was issued when %s', async (_name, answer) => {
    fetchMock.mockImplementationOnce(async () => answer());
    renderCreate();
    await submitPasswords('ein-gutes-passwort');
    expect(await screen.findByRole('heading', { name: 'home page' })).toBeInTheDocument();
    expect(await screen.findByText('Der Server konnte keine Challenge ausstellen')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['POW_UNSOLVED', 400, {}],
    ['POW_REPLAYED', 409, {}],
    ['POW_EXPIRED', 400, {}],
    ['a Location without id', 201, { location: '' }],
  ])('goes home saying the solution was not accepted on %s', async (code, status, headers) => {
    fetchMock.mockImplementationOnce(async () => challenge());
    fetchMock.mockImplementationOnce(async () =>
      status === 201
        ? jsonResponse({ role: 'anon', ttl: 4_000_000_000 }, { status, headers })
        : jsonResponse({ error: { code, message: 'no' } }, { status }),
    );
    renderCreate();
    await submitPasswords('ein-gutes-passwort');
    expect(await screen.findByRole('heading', { name: 'home page' })).toBeInTheDocument();
    expect(await screen.findByText('DDoS Lösung wurde nicht akzeptiert')).toBeInTheDocument();
    expect(readCurrentEntry()).toBeNull();
  });

  it("shows the server's refusal of the password on the password field", async () => {
    fetchMock.mockImplementationOnce(async () => challenge());
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'password: too common',
            fields: [{ field: 'password', keyword: 'common', message: 'password is too common' }],
          },
        },
        { status: 400 },
      ),
    );
    renderCreate();
    await submitPasswords('ein-gutes-passwort');
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes.'),
    ).toBeInTheDocument();
    expect(
      screen.getByLabelText('Passwort', { exact: false, selector: 'input[name="password"]' }),
    ).toHaveAccessibleDescription(/zu verbreitet/);
    expect(screen.queryByRole('heading', { name: 'home page' })).toBeNull();
  });
});
