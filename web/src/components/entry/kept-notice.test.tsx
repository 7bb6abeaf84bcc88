import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryData } from '../../lib/contract';
import { changeLocale } from '../../lib/i18n';
import { renderScreen } from '../../test/render';
import { KeptNotice } from './kept-notice';

const offer = {
  data: { id: 'e1', title: 'Velowege im Quartier' } as unknown as EntryData,
  keptAt: Date.UTC(2026, 10, 25, 16, 40),
  revision: 3,
};

afterEach(async () => {
  await act(() => changeLocale('de'));
});

describe('kept typing offer', () => {
  it('says when the changes were kept and offers to restore or discard them', async () => {
    const onRestore = vi.fn();
    const onDiscard = vi.fn();
    renderScreen(<KeptNotice offer={offer} revision={3} onRestore={onRestore} onDiscard={onDiscard} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Nicht gespeicherte Änderungen vom 25.11.2026 16:40 UTC gefunden');
    expect(alert).not.toHaveTextContent('seither gespeichert');
    await userEvent.click(screen.getByRole('button', { name: 'Wiederherstellen' }));
    expect(onRestore).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('says so when the entry was saved since the copy was taken, in English too', async () => {
    await act(() => changeLocale('en'));
    renderScreen(<KeptNotice offer={offer} revision={4} onRestore={vi.fn()} onDiscard={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Unsaved changes from 25.11.2026 16:40 UTC found');
    expect(alert).toHaveTextContent('The entry has been saved since.');
    expect(screen.getByRole('button', { name: 'Restore' })).toBeVisible();
  });
});
