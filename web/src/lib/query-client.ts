import { MutationCache, QueryClient, type Mutation } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { invalidateAfter } from './mutation-effects';
import { queryKeys } from './query-keys';

type AnyMutation = Mutation<unknown, unknown, unknown, unknown>;

/** Refresh what the write declared it changes (mutation-effects.ts); awaited, so the caller's onSuccess sees fresh data. */
const refreshChanged = (mutation: AnyMutation) => {
  const meta = mutation.options.meta;
  return meta?.changes ? invalidateAfter(queryClient, meta.changes, meta.instId) : undefined;
};

// A 4xx will not change on retry; only network or server hiccups get one more try.
export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: async (_data, _variables, _context, mutation) => {
      // Every change writes an audit row (ARCHITECTURE §5), so any successful command makes the audit log stale.
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
      await refreshChanged(mutation as AnyMutation);
    },
    // A 409 (stale stamp, overdraw, occupied position) means the screen showed something that changed meanwhile:
    // reload it behind the message. Other refusals changed nothing.
    onError: async (error, _variables, _context, mutation) => {
      if (error instanceof ApiError && error.status === 409) await refreshChanged(mutation as AnyMutation);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});
