import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReplyTemplate } from '../../lib/contract';
import { errorResponse, mockApi } from '../../test/mock-api';
import { jsonResponse, renderScreen } from '../../test/render';
import { ReplyTemplatesPage } from './reply-templates-route';

if (!('fonts' in document) || !document.fonts) {
  const fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

const template: ReplyTemplate = {
  id: 't1',
  title: { de: 'Quelle fehlt', 'de-CH': 'Quelle fehlt', en: 'Source missing' },
  text: { de: 'Bitte nenne die Quelle.', 'de-CH': 'Bitte nenn d Quelle.', en: 'Please name the source.' },
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('reply templates', () => {
  it('lists the templates and adds one with a subject and text in each language', async () => {
    const { sent } = mockApi({
      'GET admin/reply-templates': { data: [template] },
      'POST admin/reply-templates': jsonResponse({ data: { ...template, id: 't2' } }, { status: 201 }),
    });
    renderScreen(<ReplyTemplatesPage />);
    expect(await screen.findByRole('rowheader', { name: 'Quelle fehlt' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Vorlage hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Vorlage' });
    await user.click(within(dialog).getByRole('button', { name: 'Vorlage hinzufügen' }));
    expect(within(dialog).getAllByText('Bitte ausfüllen.')).toHaveLength(6);
    expect(sent('POST admin/reply-templates')).toHaveLength(0);

    for (const [legend, suffix] of [
      ['Deutsch', 'de'],
      ['Deutsch (Schweiz)', 'ch'],
      ['Englisch', 'en'],
    ] as const) {
      const group = within(dialog).getByRole('group', { name: legend });
      await user.type(within(group).getByRole('textbox', { name: /Betreff/ }), `Titel ${suffix}`);
      await user.type(within(group).getByRole('textbox', { name: /Text/ }), `Text ${suffix}`);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Vorlage hinzufügen' }));
    await waitFor(() => expect(sent('POST admin/reply-templates')).toHaveLength(1));
    expect(sent('POST admin/reply-templates')[0]!.body).toEqual({
      title: { de: 'Titel de', 'de-CH': 'Titel ch', en: 'Titel en' },
      text: { de: 'Text de', 'de-CH': 'Text ch', en: 'Text en' },
    });
  });

  it("shows the server's refusal at the field it names, and deletes after a confirmation", async () => {
    const { sent } = mockApi({
      'GET admin/reply-templates': { data: [template] },
      'PUT admin/reply-templates/t1': errorResponse(400, 'VALIDATION_FAILED', [
        { field: 'text/en', keyword: 'maxLength', message: 'must NOT have more than 10000 characters' },
      ]),
      'DELETE admin/reply-templates/t1': new Response(null, { status: 204 }),
    });
    renderScreen(<ReplyTemplatesPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Vorlage „Quelle fehlt“ bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorlage bearbeiten' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const english = within(dialog).getByRole('group', { name: 'Englisch' });
    expect(await within(english).findByText(/Der Server nimmt diesen Text nicht an/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await user.click(screen.getByRole('button', { name: 'Vorlage „Quelle fehlt“ löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Vorlage löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(sent('DELETE admin/reply-templates/t1')).toHaveLength(1));
  });
});
