import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { ListPagination, useListParams } from './list-pagination';

const pagination = (current: number, last: number) => ({
  current_page: current,
  page_size: 20,
  total_entries: last * 20,
  first_page: 1,
  last_page: last,
  previous_page: current > 1 ? current - 1 : null,
  next_page: current < last ? current + 1 : null,
});

/** A list screen's frame: the page its URL asks for, a filter, and the page numbers. */
function List({ last }: { last: number }) {
  const { page, refilter } = useListParams();
  return (
    <>
      <p>Seite im Adressfeld: {page}</p>
      <button type="button" onClick={() => refilter({ state: 'published', q: null })}>
        Nur veröffentlichte
      </button>
      <ListPagination pagination={pagination(page, last)} />
    </>
  );
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('ListPagination and useListParams', () => {
  it('keeps the page in the URL beside the filters, the first page without one', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<List last={4} />, { path: '/list?q=wald' });
    expect(screen.getByText('Seite im Adressfeld: 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    await waitFor(() => expect(screen.getByText('Seite im Adressfeld: 3')).toBeInTheDocument());
    expect(search(router).toString()).toBe('q=wald&page=3');
    expect(screen.getByRole('button', { name: 'Seite 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Seite 1' }));
    await waitFor(() => expect(screen.getByText('Seite im Adressfeld: 1')).toBeInTheDocument());
    expect(search(router).toString()).toBe('q=wald');
  });

  it('goes back to the first page when a filter changes, and removes an emptied filter', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<List last={4} />, { path: '/list?q=wald&page=2' });
    expect(screen.getByText('Seite im Adressfeld: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nur veröffentlichte' }));
    await waitFor(() => expect(screen.getByText('Seite im Adressfeld: 1')).toBeInTheDocument());
    expect(search(router).toString()).toBe('state=published');
  });

  it('reads a page that is no whole number from 1 as the first, and shows nothing for one page', () => {
    renderScreen(<List last={1} />, { path: '/list?page=-2' });
    expect(screen.getByText('Seite im Adressfeld: 1')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
