import { PAGE_SIZE_MAX, type Pagination } from '@einwurf/contract';
import { AppError } from './errors.ts';

// The query parameters and pagination the paged lists share (moderation's list and search, the
// public entries), so each answers a bad value and a page alike.

/** The highest page number a list accepts. */
export const PAGE_MAX = 1_000_000;

/** A 400 naming the query field and what is wrong with it. */
export function badParam(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, keyword: 'format', message }]);
}

/** A whole-number query parameter from min to max, or the fallback when it is absent. */
export function integerParam(
  field: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw badParam(field, `must be a whole number from ${min} to ${max}`);
  return value;
}

/** One condition of a `filters=` parameter: `<field>:<op>:<value>`. */
export type FilterCondition = { field: string; op: string; value: string };

/**
 * The conditions of a `filters=` parameter, comma-separated `<field>:<op>:<value>`, each field with
 * an operator `ops` allows for it and named at most once per operator; anything else is a 400 naming
 * `filters` with `usage`. The value is the rest after the second colon, so it may hold colons (times).
 */
export function filterConditions(
  raw: string | undefined,
  ops: Readonly<Record<string, readonly string[]>>,
  usage: string,
): FilterCondition[] {
  if (raw === undefined || raw.trim() === '') return [];
  const conditions: FilterCondition[] = [];
  for (const part of raw.split(',')) {
    const [field = '', op = '', ...rest] = part.trim().split(':');
    const value = rest.join(':');
    if (!Object.hasOwn(ops, field) || !ops[field]!.includes(op) || value === '') {
      throw badParam('filters', `must be ${usage}`);
    }
    if (conditions.some((c) => c.field === field && c.op === op)) {
      throw badParam('filters', `names ${field} twice`);
    }
    conditions.push({ field, op, value });
  }
  return conditions;
}

/** The page a `current_page` and `page_size` ask for (default size `fallbackSize`, at most PAGE_SIZE_MAX). */
export function pageParams(
  query: { current_page?: string | undefined; page_size?: string | undefined },
  fallbackSize: number,
): { current: number; size: number; limit: number; offset: number } {
  const current = integerParam('current_page', query.current_page, 1, 1, PAGE_MAX);
  const size = integerParam('page_size', query.page_size, fallbackSize, 1, PAGE_SIZE_MAX);
  return { current, size, limit: size, offset: (current - 1) * size };
}

/** The pagination block of a list's meta; a page past the end keeps the last page as its previous. */
export function paginate(current: number, size: number, total: number): Pagination {
  const last = Math.max(1, Math.ceil(total / size));
  return {
    current_page: current,
    page_size: size,
    total_entries: total,
    first_page: 1,
    last_page: last,
    previous_page: current > 1 ? Math.min(current - 1, last) : null,
    next_page: current < last ? current + 1 : null,
  };
}
