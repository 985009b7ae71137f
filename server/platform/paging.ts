import type { FastifyReply } from 'fastify';
import type { Pagination, PagingQuery } from '../../contract/common.contract';

export interface Page<T> { rows: T[]; total: number }

export const offsetOf = (q: PagingQuery) => (q.pageNumber - 1) * q.pageSize;

/** Sends a page: the body is the array, the total goes in X-Pagination (spec 1 §7). */
export function sendPage<T>(reply: FastifyReply, q: PagingQuery, page: Page<T>): T[] {
  const header: Pagination = {
    TotalCount: page.total,
    PageSize: q.pageSize,
    CurrentPage: q.pageNumber,
    TotalPages: Math.ceil(page.total / q.pageSize),
  };
  void reply.header('X-Pagination', JSON.stringify(header));
  return page.rows;
}

/** LIKE pattern for a search term, with the user's % and _ taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
