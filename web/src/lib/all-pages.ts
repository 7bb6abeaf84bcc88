import { apiFetch } from './api-client';
import type { Pagination } from './contract';

/** Pages read at most: ten thousand comments or events at the server's default page size. */
const MAX_PAGES = 100;

/**
 * Every item of a paged list the screens show whole (an entry's comments, its timeline), page after
 * page in order: the server answers a bounded page, the screen still sees the whole conversation.
 */
export async function fetchAllPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await apiFetch<{ meta?: { pagination: Pagination }; data: T[] }>(
      page === 1 ? path : `${path}?current_page=${page}`,
    );
    items.push(...body.data);
    if (!body.meta?.pagination.next_page) break;
  }
  return items;
}
