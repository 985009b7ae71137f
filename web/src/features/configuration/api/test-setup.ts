import { useMutation, useQuery } from '@tanstack/react-query';
import type { TestSetupInput } from '@contract/test-setup.contract';
import { configurationEndpoints as e } from '@contract/configuration.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentInstitution } from '@/lib/session-context';
import { changes } from '@/lib/mutation-effects';

/** GET tests/{id}/setup: the test's enabled range and accepted values (null id: a new test, nothing to load). */
export function useTestSetup(testId: number | null) {
  const instId = useCurrentInstitution().institution.id;
  return useQuery({
    queryKey: queryKeys.lookups.testSetup(instId, testId ?? 0),
    queryFn: () => call(e.testSetup, { params: { instId, id: testId! } }),
    enabled: testId !== null,
  });
}

/** PUT tests/{id}/setup; the form shows field errors itself. Ranges, values and tests lists refresh. */
export function useSaveTestSetup() {
  const instId = useCurrentInstitution().institution.id;
  return useMutation({
    ...changes('config.testSetup', instId),
    mutationFn: ({ testId, body }: { testId: number; body: TestSetupInput }) =>
      call(e.saveTestSetup, { params: { instId, id: testId }, body }, { notify: false }),
  });
}
