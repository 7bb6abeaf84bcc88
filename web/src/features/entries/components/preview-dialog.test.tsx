import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryData, UiSchema } from '@einwurf/contract';
import { renderEntryArticle } from '@einwurf/contract/reader';
import articleUiSchema from '../../../../../content-types/article/uischema.json';
import { PreviewDialog } from './preview-dialog';
import { changeLocale, i18n } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';

const article = articleUiSchema as UiSchema;

const draft = (fields: Record<string, unknown>): EntryData =>
  ({
    id: 'e1',
    state: 'draft',
    revision: 2,
    type: 'article',
    created_at: '',
    updated_at: '',
    ...fields,
  }) as EntryData;

const articleDraft = draft({
  title: 'Neue Velowege',
  content: '## Worum es geht\n\nDrei **neue** Wege.',
  lead: 'Die Stadt plant.',
  image: '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/velo.png',
  attachments: ['/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/plan.pdf'],
  category: 'local',
  author_email: 'redaktion@example.org',
  reviewed: true,
});

afterEach(async () => {
  await act(() => changeLocale('de'));
});

describe('the author’s preview', () => {
  it('names its loading indicator as a busy progress bar while the renderer loads', async () => {
    renderScreen(<PreviewDialog opened entry={articleDraft} uiSchema={article} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Vorschau' });
    // A named element needs a role that may carry a name (a bare span may not, WCAG 4.1.2).
    expect(within(dialog).getByRole('progressbar', { name: 'Vorschau wird erstellt …' })).toBeVisible();
    expect(await within(dialog).findByRole('heading', { level: 1, name: 'Neue Velowege' })).toBeVisible();
  });

  it("shows the author's draft through the reader's page renderer, every field as readers see it", async () => {
    renderScreen(<PreviewDialog opened entry={articleDraft} uiSchema={article} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Vorschau' });
    expect(await within(dialog).findByRole('heading', { level: 1, name: 'Neue Velowege' })).toBeVisible();
    const shown = within(dialog).getByTestId('entry-article');
    const expected = renderEntryArticle(articleDraft, article, { locale: 'de', t: (key) => i18n.t(key) });
    expect(shown.innerHTML).toBe(expected);
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Worum es geht' })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'plan.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/plan.pdf',
    );
    expect(shown).toHaveTextContent('Die Stadt plant.');
    expect(shown).toHaveTextContent('RubrikLokales');
    expect(shown).toHaveTextContent('Fakten geprüftJa');
    expect(shown.textContent).not.toContain('redaktion@example.org');
    expect(shown.querySelector('figure img')).toHaveAttribute('alt', '');
  });
});
