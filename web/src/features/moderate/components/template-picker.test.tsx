import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommentsPanel } from '../../../components/entry/comments-panel';
import type { Locale, ReplyTemplate } from '../../../lib/contract';
import { mockApi } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import { languagesFor, TemplatePicker } from './template-picker';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to.
if (!('fonts' in document) || !document.fonts) {
  const fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

const template: ReplyTemplate = {
  id: 't1',
  title: { de: 'Quelle fehlt', 'de-CH': 'Quelle fehlt (CH)', en: 'Source missing' },
  text: { de: 'Bitte nenne die Quelle.', 'de-CH': 'Bitte nenn d Quelle.', en: 'Please name the source.' },
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

function renderForm(language: Locale, onAdd = vi.fn().mockResolvedValue(undefined)) {
  mockApi({ 'GET admin/reply-templates': { data: [template] } });
  renderScreen(
    <CommentsPanel
      viewer="moderation"
      comments={[]}
      onAdd={onAdd}
      formTools={(fill) => <TemplatePicker entryLanguage={language} onInsert={fill} />}
    />,
  );
  return onAdd;
}

afterEach(() => vi.unstubAllGlobals());

describe('the template picker', () => {
  it("offers the entry's language first, then the others", () => {
    expect(languagesFor('en')).toEqual(['en', 'de', 'de-CH']);
    expect(languagesFor('de-CH')).toEqual(['de-CH', 'de', 'en']);
  });

  it('inserts another language on request and keeps what was written', async () => {
    const user = userEvent.setup();
    renderForm('de');
    await user.type(screen.getByRole('textbox', { name: 'Betreff' }), 'Eigener Betreff');
    await user.type(screen.getByRole('textbox', { name: 'Kommentar' }), 'Hallo.');
    await user.click(await screen.findByRole('button', { name: 'Vorlage einfügen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quelle fehlt (Deutsch (Schweiz))' }));
    expect(screen.getByRole('textbox', { name: 'Betreff' })).toHaveValue('Eigener Betreff');
    expect(screen.getByRole('textbox', { name: 'Kommentar' })).toHaveValue('Hallo.\n\nBitte nenn d Quelle.');
  });
  it("inserts the template in the entry's language, editable before sending", async () => {
    const user = userEvent.setup();
    const onAdd = renderForm('en');
    await user.click(await screen.findByRole('button', { name: 'Vorlage einfügen' }));
    // Titles are in the moderator's language; the first item inserts the entry's language.
    const first = await screen.findByRole('menuitem', { name: 'Quelle fehlt' });
    expect(screen.getByText('In der Sprache des Beitrags (Englisch)')).toBeInTheDocument();
    const items = [...document.querySelectorAll('[role="menuitem"]')];
    expect(items.map((item) => item.textContent)).toEqual([
      'Quelle fehlt',
      'Quelle fehlt (Deutsch)',
      'Quelle fehlt (Deutsch (Schweiz))',
    ]);
    await user.click(first);
    const content = screen.getByRole('textbox', { name: 'Kommentar' });
    expect(screen.getByRole('textbox', { name: 'Betreff' })).toHaveValue('Source missing');
    expect(content).toHaveValue('Please name the source.');
    // The menu gives focus back to its button as it closes; the picker moves it on afterwards.
    await waitFor(() => expect(content).toHaveFocus(), { timeout: 5000 });

    await user.type(content, ' Thanks!');
    await user.click(screen.getByRole('button', { name: 'Kommentar senden' }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        title: 'Source missing',
        content: 'Please name the source. Thanks!',
      }),
    );
  });
});
