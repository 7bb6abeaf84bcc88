import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MantineProvider } from '@mantine/core';
import { showDangerToast } from '../lib/notify';
import { DeferredNotifications } from './deferred-notifications';

const containers = () => document.querySelectorAll('.mantine-Notifications-root');

function renderDeferred() {
  render(
    <MantineProvider>
      <DeferredNotifications />
    </MantineProvider>,
  );
}

afterEach(() => act(() => notifications.clean()));

describe('DeferredNotifications', () => {
  it('leaves the toast container out of the first render', () => {
    renderDeferred();
    expect(containers()).toHaveLength(0);
  });

  it('loads the container at the first key or pointer press, not before', async () => {
    renderDeferred();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(containers()).toHaveLength(0);
    await userEvent.keyboard('{Tab}');
    await expect.poll(() => containers().length).toBeGreaterThan(0);
  });

  it('shows a toast raised before the container loaded', async () => {
    renderDeferred();
    act(() => showDangerToast('Speichern fehlgeschlagen', 'Der Server antwortet nicht.'));
    expect(await screen.findByText('Speichern fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Der Server antwortet nicht.')).toBeInTheDocument();
  });
});
