// Keyset paging forward in the web (issue 30 item 3): the next page of the participants list, and of the
// orders list by ordered date, is asked with After=<last id of the cached full page before it>; a jump, a search
// (participants), another sort (orders) or a page before it that is not full asks by number alone.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { patientsQuery } from './patients';
import { queryKeys } from '@/lib/query-keys';
import { forwardCursor } from '@/lib/keyset';

const storage = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};
vi.stubGlobal('localStorage', storage());
vi.stubGlobal('sessionStorage', storage());
const asked: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string) => {
    asked.push(url);
    return new Response('[]', {
      headers: {
        'Content-Type': 'application/json',
        'X-Pagination': JSON.stringify({ TotalCount: 0, PageSize: 3, CurrentPage: 1, TotalPages: 0 }),
      },
    });
  }),
);
afterEach(() => {
  asked.length = 0;
});
// The next file in this Vitest worker shares the globals (vitest.config.ts isolate).
afterAll(() => vi.unstubAllGlobals());

const page = (ids: number[]) => ({
  items: ids.map((id) => ({ id })),
  pagination: { TotalCount: 100, PageSize: 3, CurrentPage: 1, TotalPages: 34 },
});

describe('keyset paging forward', () => {
  it('forwardCursor: the last id of a cached full page, else nothing', () => {
    const client = new QueryClient();
    client.setQueryData(['a'], page([9, 8, 7]));
    client.setQueryData(['b'], page([9, 8]));
    expect(forwardCursor(client, ['a'], 3)).toEqual({ after: 7 });
    expect(forwardCursor(client, ['b'], 3)).toEqual({});
    expect(forwardCursor(client, ['c'], 3)).toEqual({});
    expect(forwardCursor(client, null, 3)).toEqual({});
  });

  it('participants: page 2 after a cached page 1 seeks; a jump or a search asks by number', async () => {
    const client = new QueryClient();
    const q = { page: 1, pageSize: 3, search: '' };
    client.setQueryData(queryKeys.patients.list(1, q), page([30, 29, 28]));
    await client.fetchQuery(patientsQuery(1, { ...q, page: 2 }));
    expect(asked.at(-1)).toMatch(/pageNumber=2/i);
    expect(asked.at(-1)).toMatch(/after=28/i);
    await client.fetchQuery(patientsQuery(1, { ...q, page: 5 }));
    expect(asked.at(-1)).not.toMatch(/after=/i);
    client.setQueryData(queryKeys.patients.list(1, { ...q, search: 'abe' }), page([30, 29, 28]));
    await client.fetchQuery(patientsQuery(1, { ...q, search: 'abe', page: 2 }));
    expect(asked.at(-1)).not.toMatch(/after=/i);
  });
});
