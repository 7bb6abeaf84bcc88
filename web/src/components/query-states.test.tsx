import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { QueryStates } from './query-states';

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);
const states = {
  failed: { isError: true, isPending: false, data: ['stale'] },
  pending: { isError: false, isPending: true, data: undefined },
  empty: { isError: false, isPending: false, data: [] },
  answered: { isError: false, isPending: false, data: ['eins', 'zwei'] },
} as const;

function show(query: (typeof states)[keyof typeof states]) {
  renderScreen(
    <QueryStates
      query={query as never}
      failed="Die Liste konnte nicht geladen werden."
      failedTitle="Fehler"
      empty="Noch nichts da."
      isEmpty={(items: readonly string[]) => items.length === 0}
    >
      {(items: readonly string[]) => list([...items])}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('shows the failure as an alert, even with an older answer at hand', () => {
    show(states.failed);
    expect(screen.getByRole('alert')).toHaveTextContent('Die Liste konnte nicht geladen werden.');
    expect(screen.getByRole('alert')).toHaveTextContent('Fehler');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says it is loading while the query runs', () => {
    show(states.pending);
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty text when the answer holds nothing', () => {
    show(states.empty);
    expect(screen.getByText('Noch nichts da.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('hands the answer to its children', () => {
    show(states.answered);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['eins', 'zwei']);
    expect(screen.queryByText('Noch nichts da.')).toBeNull();
  });
});
