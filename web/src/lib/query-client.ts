import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

// A 4xx will not change on retry; only network or server hiccups get one more try.
export const queryClient: QueryClient = new QueryClient({
  // Every change writes an audit row (ARCHITECTURE §5), so any successful command makes the audit log stale.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
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
