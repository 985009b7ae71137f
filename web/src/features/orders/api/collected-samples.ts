import { useQuery } from '@tanstack/react-query';
import type { CollectedSample } from '@contract/samples.contract';
import type { Patient } from '@contract/participants.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET collectedSamples?SampleID= (exact, any case, every protocol of the institution): the sample an order is for, or null. */
export function useCollectedSampleLookup(instId: number, sampleId: string | null) {
  return useQuery({
    queryKey: queryKeys.samples.bySampleId(instId, sampleId ?? ''),
    queryFn: async () => (await api.get<CollectedSample[]>(`/institutions/${instId}/collectedSamples`, { SampleID: sampleId ?? '', PageSize: 1 }))[0] ?? null,
    enabled: !!sampleId,
    staleTime: 0,
  });
}

/** The donor of a collected sample, as the participant list of New Order shows them. */
export const fetchPatient = (instId: number, patientId: number) => api.get<Patient>(`/institutions/${instId}/patients/${patientId}`);
