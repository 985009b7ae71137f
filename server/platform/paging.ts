import type { FastifyReply } from 'fastify';
import { MAX_PAGE_SIZE, type PageQuery, type Pagination, type PagingQuery } from '../../contract/common.contract';
import { cappedTotal } from './counts';

/** `totalIsAtLeast`: the total is a lower bound (lists count at most 10,001 rows, record-refs.ts). */
export interface Page<T> {
  rows: T[];
  total: number;
  totalIsAtLeast?: boolean;
}

/** What paging reads of a query: lists with no search or filter page too. */
export type PageAsk = PageQuery;

export const offsetOf = (q: PageAsk) => (q.pageNumber - 1) * q.pageSize;

/**
 * Sends a page: the body is the array, the total goes in X-Pagination (spec 1 §7). Never more than
 * MAX_PAGE_SIZE rows, even from a list that did not page in the database (the page is cut here).
 */
export function sendPage<T>(reply: FastifyReply, q: PageAsk, page: Page<T>): T[] {
  const size = Math.min(q.pageSize, MAX_PAGE_SIZE);
  const rows = page.rows.length > size ? page.rows.slice(0, size) : page.rows;
  const header: Pagination = {
    TotalCount: page.total,
    PageSize: size,
    CurrentPage: q.pageNumber,
    TotalPages: Math.ceil(page.total / size),
    TotalIsAtLeast: page.totalIsAtLeast ?? false,
  };
  void reply.header('X-Pagination', JSON.stringify(header));
  return rows;
}

/**
 * A page from rows read with one extra row (`limit pageSize + 1`, which tells whether more follow) and its total,
 * counted only as far as counts.ts's cap (`count(n)`: the matching rows, at most n).
 */
export async function cappedPage<T>(rows: T[], q: PageAsk, count: (n: number) => Promise<number>): Promise<Page<T>> {
  const hasMore = rows.length > q.pageSize;
  const page = hasMore ? rows.slice(0, q.pageSize) : rows;
  const { total, atLeast } = await cappedTotal(count, { offset: offsetOf(q), rows: page.length, hasMore });
  return { rows: page, total, ...(atLeast ? { totalIsAtLeast: true } : {}) };
}

/** One page of a list already in memory (the ordered panels and tests of one order). */
export const pageOf = <T>(rows: T[], q: PageAsk): Page<T> => ({
  rows: rows.slice(offsetOf(q), offsetOf(q) + q.pageSize),
  total: rows.length,
});

/**
 * A list read whole into memory (an order's panels, an event's requirement trees), filtered as a database
 * list is: IsEnabled against `enabled` (rows that cannot be disabled are all enabled) and SearchTerm as a
 * case-insensitive part of any of `text`'s values. Paged after with pageOf.
 */
export function filterRows<T>(
  rows: T[],
  q: PagingQuery,
  text: (row: T) => (string | null | undefined)[],
  enabled: (row: T) => boolean = () => true,
): T[] {
  const term = q.searchTerm?.toLowerCase();
  return rows.filter(
    (r) =>
      (q.isEnabled === undefined || enabled(r) === q.isEnabled) &&
      (!term || text(r).some((v) => !!v && v.toLowerCase().includes(term))),
  );
}

/** LIKE pattern for a search term, with the user's % and _ taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
