import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryData, UiSchema } from '@einwurf/contract';
import { renderEntryArticle } from '@einwurf/contract/reader';
import eventUiSchema from '../../../../content-types/event/uischema.json';
import { changeLocale, i18n } from '../../lib/i18n';
import { renderScreen } from '../../test/render';
import { EntryPreview } from './entry-preview';

const event = eventUiSchema as UiSchema;

afterEach(async () => {
  await act(() => changeLocale('de'));
});

describe("moderation's preview", () => {
  it("shows an event's date, place and fields through the reader's page renderer, in the interface language", async () => {
    await act(() => changeLocale('en'));
    const entry = {
      id: 'e1',
      state: 'proposed',
      revision: 2,
      type: 'event',
      title: 'Konzert',
      content: 'Musik.',
      starts_at: '2026-12-01T18:00:00Z',
      location: 'Kulturhaus',
      free_entry: false,
    } as unknown as EntryData;
    renderScreen(<EntryPreview entry={entry} uiSchema={event} />);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { level: 1, name: 'Konzert' })).toBeVisible();
    expect(preview).toHaveTextContent('Starts01.12.2026 18:00 UTC');
    expect(preview).toHaveTextContent('PlaceKulturhaus');
    expect(preview).toHaveTextContent('Free entryNo');
    expect(within(preview).getByTestId('entry-article').innerHTML).toBe(
      renderEntryArticle(entry, event, { locale: 'en', t: (key) => i18n.t(key) }),
    );
  });
});
