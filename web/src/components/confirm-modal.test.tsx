import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { ConfirmModal } from './confirm-modal';

/** A caller that, like the moderation screen, clears the dialog's words as it closes it. */
function Caller() {
  const [target, setTarget] = useState<string | null>('Veröffentlichen');
  return (
    <ConfirmModal
      opened={target !== null}
      title={target ? 'Beitrag veröffentlichen?' : ''}
      text={target ? 'Sicher?' : ''}
      confirmLabel={target ?? ''}
      onConfirm={() => setTarget(null)}
      onClose={() => setTarget(null)}
    />
  );
}

describe('ConfirmModal', () => {
  it('keeps its words while it closes, though the caller has cleared them', async () => {
    renderScreen(<Caller />);
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    // Whatever of the closing dialog is still on the page names its confirm button and its title.
    expect(document.body.contains(dialog)).toBe(true);
    for (const button of document.querySelectorAll('button[data-autofocus]')) {
      expect(button).toHaveTextContent('Veröffentlichen');
    }
    for (const heading of document.querySelectorAll('.mantine-Modal-title')) {
      expect(heading).toHaveTextContent('Beitrag veröffentlichen?');
    }
  });
});
