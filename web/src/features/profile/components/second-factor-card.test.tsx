import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, mockApi, type ApiRequest } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import '../strings';
import { groupSecret, SecondFactorCard } from './second-factor-card';

const off = { data: { totp: false, passkeys: 0, recovery_codes_left: 0, required: false } };
const on = { data: { totp: true, passkeys: 0, recovery_codes_left: 7, required: false } };
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const uri = `otpauth://totp/Einwurf:alice?secret=${secret}&issuer=Einwurf`;
const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

afterEach(() => vi.unstubAllGlobals());

describe('second factor card', () => {
  it('explains that a second factor is required when none is set up', async () => {
    mockApi({ 'GET admin/profile/second-factor': { data: { ...off.data, required: true } } });
    renderScreen(<SecondFactorCard />);
    expect(await screen.findByRole('note')).toHaveTextContent('braucht jedes Konto der Redaktion');
    expect(screen.getByText('Kein zweiter Faktor eingerichtet.')).toBeInTheDocument();
  });

  it('sets up the app: QR code and grouped key, a wrong code on the field, then the codes once', async () => {
    let state = off;
    const { sent } = mockApi({
      'GET admin/profile/second-factor': () => state,
      'POST admin/profile/totp': { data: { secret, uri } },
      'PUT admin/profile/totp': ({ body }: ApiRequest) => {
        if ((body as { code: string }).code !== '123456') {
          return errorResponse(401, 'SECOND_FACTOR_INVALID', [{ field: 'code' }]);
        }
        state = { data: { totp: true, passkeys: 0, recovery_codes_left: 10, required: false } };
        return { data: { recovery_codes: codes } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<SecondFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Authenticator-App einrichten' }));
    const qr = await screen.findByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = screen.getByLabelText(/Code aus der Authenticator-App/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Einschalten' }));
    expect(await screen.findByText('Der Code ist falsch oder wurde schon verwendet.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Einschalten' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('note')).toHaveTextContent('nur jetzt angezeigt');
    expect(sent('PUT admin/profile/totp').map((request) => request.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Ich habe die Codes gesichert' }));
    expect(await screen.findByText('Authenticator-App eingerichtet.')).toBeInTheDocument();
    expect(screen.getByText('Wiederherstellungscodes übrig: 10')).toBeInTheDocument();
    expect(screen.queryByText('code-0')).not.toBeInTheDocument();
  });

  it('turns it off with password and code, naming the wrong field', async () => {
    let state = on;
    const answers = [
      errorResponse(400, 'VALIDATION_FAILED', [{ field: 'password', keyword: 'password', message: 'x' }]),
      errorResponse(401, 'SECOND_FACTOR_INVALID', [
        { field: 'code', keyword: 'second_factor', message: 'x' },
      ]),
    ];
    const { sent } = mockApi({
      'GET admin/profile/second-factor': () => state,
      'DELETE admin/profile/totp': () => {
        const answer = answers.shift();
        if (answer) return answer;
        state = off;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderScreen(<SecondFactorCard />);
    expect(await screen.findByText('Wiederherstellungscodes übrig: 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zweiten Faktor ausschalten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zweiten Faktor ausschalten' });
    const password = within(dialog).getByLabelText(/^Passwort/, { selector: 'input' });
    const code = within(dialog).getByLabelText(/Wiederherstellungscode/);
    await user.type(password, 'wrong-password');
    await user.type(code, '111111');
    const submit = within(dialog).getByRole('button', { name: 'Zweiten Faktor ausschalten' });
    await user.click(submit);
    expect(await within(dialog).findByText('Das Passwort ist falsch.')).toBeInTheDocument();

    await user.click(submit);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Der Code ist falsch oder wurde schon verwendet.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Das Passwort ist falsch.')).not.toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Der zweite Faktor ist ausgeschaltet.');
    expect(await screen.findByText('Kein zweiter Faktor eingerichtet.')).toBeInTheDocument();
    expect(sent('DELETE admin/profile/totp')[2]!.body).toEqual({
      password: 'wrong-password',
      code: '111111',
    });
  });

  it('renews the recovery codes and shows them once', async () => {
    const { sent } = mockApi({
      'GET admin/profile/second-factor': on,
      'POST admin/profile/recovery-codes': { data: { recovery_codes: codes } },
    });
    const user = userEvent.setup();
    renderScreen(<SecondFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Neue Wiederherstellungscodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Wiederherstellungscodes erzeugen' });
    await user.type(within(dialog).getByLabelText(/^Passwort/, { selector: 'input' }), 'my-password-1');
    await user.type(within(dialog).getByLabelText(/Wiederherstellungscode/), ' 654321 ');
    await user.click(within(dialog).getByRole('button', { name: 'Neue Wiederherstellungscodes' }));
    expect(await screen.findByText('code-9')).toBeInTheDocument();
    expect(sent('POST admin/profile/recovery-codes')[0]!.body).toEqual({
      password: 'my-password-1',
      code: '654321',
    });
  });
});

describe('groupSecret', () => {
  it('groups the key in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
