import { useQuery } from '@tanstack/react-query';
import { participantEndpoints } from '@contract/participants.endpoints';
import { call } from '@/lib/api-client';
import { sampleNamedQuery } from '@/lib/primary-samples';

/** GET collectedSamples?SampleID= (exact, any case, every protocol of the institution): the sample an order is for, or null. */
export function useCollectedSampleLookup(instId: number, sampleId: string | null) {
  return useQuery({ ...sampleNamedQuery(instId, sampleId ?? ''), enabled: !!sampleId });
}

/** The donor of a collected sample, as the participant list of New Order shows them. */
export const fetchPatient = (instId: number, patientId: number) =>
  call(participantEndpoints.get, { params: { instId, patientId } });
