import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/server.ts';

// An admin manages a webhook endpoint in the back office against a real receiver.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function logInAsAdmin(page: Page) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
}

test('an admin adds an endpoint, pings it, sees its deliveries, disables and deletes it, and finds it in the audit log', async ({
  page,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await logInAsAdmin(page);
    await nav(page).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
    const form = page.getByRole('dialog', { name: 'Neuer Endpunkt' });
    await form.getByRole('textbox', { name: 'URL' }).fill(url);
    await form.getByRole('textbox', { name: 'Beschreibung' }).fill('Journey');
    await form.getByRole('checkbox', { name: /Kommentar geschrieben/ }).check();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();

    const secret = page.getByRole('dialog', { name: 'Signaturschlüssel' });
    await expect(secret.getByText(/^whsec_[A-Za-z0-9+/]+=*$/)).toBeVisible();
    await expectNoAxeViolations(page);
    // The footer's button; the header's × has the same name.
    await secret.getByRole('button', { name: 'Schließen' }).last().click();
    await expect(secret).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Aktiv');
    await page.getByRole('button', { name: `Ping an ${url} senden` }).click();
    const pinged = /Der Ping ist angekommen \(HTTP 204, \d+ ms\)\./;
    await expect(page.getByRole('note').filter({ hasText: pinged })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: pinged })).toHaveCount(1);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.ping' });
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    await page.getByRole('button', { name: `Zustellungen an ${url}` }).click();
    const deliveries = page.getByRole('region', { name: `Zustellungen an ${url}` });
    await expect(deliveries.getByRole('row').filter({ hasText: 'Ping' })).toContainText('Zugestellt');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `${url} deaktivieren` }).click();
    await expect(row).toContainText('Deaktiviert');
    await page.getByRole('button', { name: `${url} löschen` }).click();
    const confirm = page.getByRole('dialog', { name: 'Endpunkt löschen?' });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(row).toHaveCount(0);

    // The audit log has the admin's changes, newest first.
    await nav(page).getByRole('link', { name: 'Protokoll' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
    const records = page.getByRole('row');
    await expect(records.filter({ hasText: 'Webhook gelöscht' }).first()).toBeVisible();
    await expect(records.filter({ hasText: 'Webhook erstellt' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
