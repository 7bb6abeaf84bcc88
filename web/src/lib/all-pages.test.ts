import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { fetchAllPages } from './all-pages';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const page = (current: number, last: number, data: number[]) =>
  jsonResponse({
    meta: {
      pagination: {
        current_page: current,
        page_size: 2,
        total_entries: last * 2,
        first_page: 1,
        last_page: last,
        previous_page: current > 1 ? current - 1 : null,
        next_page: current < last ? current + 1 : null,
      },
    },
    data,
  });

describe('fetchAllPages', () => {
  it('reads page after page in order until there is no next one', async () => {
    fetchMock
      .mockResolvedValueOnce(page(1, 3, [1, 2]))
      .mockResolvedValueOnce(page(2, 3, [3, 4]))
      .mockResolvedValueOnce(page(3, 3, [5]));
    expect(await fetchAllPages<number>('anon/e1/comments')).toEqual([1, 2, 3, 4, 5]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/anon/e1/comments',
      '/api/v1/anon/e1/comments?current_page=2',
      '/api/v1/anon/e1/comments?current_page=3',
    ]);
  });

  it('takes a single answer without pagination as the whole list', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: ['a'] }));
    expect(await fetchAllPages<string>('anon/e1/events')).toEqual(['a']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
