import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { HealthPage } from './health-route';

const metric = (problems: string[], requests = 42) => ({
  data: {
    version: '0.1.0',
    uptime_seconds: 90_061,
    memory: { rss_bytes: 123_450_000, heap_used_bytes: 45_600_000 },
    event_loop_delay_ms: 12.5,
    database: { kind: 'sqlite', reachable: true, latency_ms: 350, size_bytes: 2_000_000 },
    entries_per_state: { draft: 3, proposed: 7, rejected: 1, published: 20, deleted: 2 },
    proposals_waiting: 7,
    oldest_proposal_age_seconds: 7_500,
    storage: { used_bytes: 5_000_000, free_bytes: null },
    requests_per_minute: requests,
    error_rate: 0.125,
    mail: { enabled: true, pending: 2, failed: 0 },
    problems,
  },
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('health', () => {
  it('shows the metrics in cards', async () => {
    mockApi({ 'GET admin/config/healthmetric': metric([]) });
    renderScreen(<HealthPage />);
    const server = await screen.findByRole('region', { name: 'Server' });
    expect(server).toHaveTextContent('Laufzeit1 Tg. 1 Std. 1 Min.');
    expect(server).toHaveTextContent('Arbeitsspeicher (RSS)123,45 MB');
    const database = screen.getByRole('region', { name: 'Datenbank' });
    expect(database).toHaveTextContent('ArtSQLite');
    expect(database).toHaveTextContent('ErreichbarJa');
    expect(screen.getByRole('region', { name: 'Beiträge' })).toHaveTextContent(
      'Ältester Vorschlag wartet seit2 Std. 5 Min.',
    );
    expect(screen.getByRole('region', { name: 'Dateispeicher' })).toHaveTextContent('Freiunbekannt');
    expect(screen.getByRole('region', { name: 'Anfragen' })).toHaveTextContent('Fehlerrate12,5 %');
    expect(screen.getByRole('region', { name: 'E-Mail' })).toHaveTextContent('Wartende E-Mails2');
    expect(screen.getByText('Keine Probleme erkannt.')).toBeInTheDocument();
    expect(screen.queryByText('Problem', { selector: '.mantine-Badge-label' })).not.toBeInTheDocument();
  });

  it('lets the admin choose whether mails carry the authors’ text', async () => {
    const { sent } = mockApi({
      'GET admin/config/healthmetric': metric([]),
      'GET admin/settings': { data: { mail_include_text: false } },
      'PUT admin/settings': { data: { mail_include_text: true } },
    });
    renderScreen(<HealthPage />);
    const toggle = await screen.findByRole('switch', { name: /E-Mails enthalten den Text/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(sent('PUT admin/settings')[0]?.body).toEqual({ mail_include_text: true }));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('highlights each problem, translated, on its card too', async () => {
    mockApi({ 'GET admin/config/healthmetric': metric(['database_slow', 'brand_new_problem']) });
    renderScreen(<HealthPage />);
    const problems = await screen.findByRole('region', { name: 'Probleme' });
    const items = within(problems).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Datenbank langsam');
    expect(items[0]).toHaveTextContent('Die Datenbank antwortet langsamer als üblich.');
    expect(items[1]).toHaveTextContent('Problem brand_new_problem');
    const latency = within(screen.getByRole('region', { name: 'Datenbank' })).getByText(
      'Antwortzeit',
    ).parentElement!;
    expect(latency).toHaveTextContent('350 msProblem');
  });

  it('refreshes itself every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    mockApi({ 'GET admin/config/healthmetric': () => metric([], 100 + ++calls * 7) });
    renderScreen(<HealthPage />);
    const traffic = await screen.findByRole('region', { name: 'Anfragen' });
    expect(traffic).toHaveTextContent('Anfragen pro Minute107');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(calls).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Anfragen' })).toHaveTextContent('Anfragen pro Minute114'),
    );
    expect(calls).toBe(2);
  });
});
