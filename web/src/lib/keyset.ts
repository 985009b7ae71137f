import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from './api-client';

/**
 * Keyset paging forward (issue 30 item 3): when the page before this one is still cached and full, the id of
 * its last row, sent as `After` so that the server seeks past it instead of skipping PageNumber x PageSize
 * rows. Only for lists ordered by id (participants, orders by ordered date); a jump, or a page whose
 * previous one is not cached, is asked by number alone (the server answers the same rows either way).
 */
export function forwardCursor(
  client: QueryClient,
  previousKey: QueryKey | null,
  pageSize: number,
): { after: number } | Record<string, never> {
  if (!previousKey) return {};
  const before = client.getQueryData<Page<{ id: number }>>(previousKey);
  const last = before && before.items.length === pageSize ? before.items.at(-1)?.id : undefined;
  return last ? { after: last } : {};
}
