import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { EthnicityRecord, MrnRecord, PhoneRecord, RaceRecord } from '@contract/participants.contract';
import { participantEndpoints as e } from '@contract/participants.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The list row of each kind of child record. */
const lists = {
  patientMRNs: e.mrns,
  patientRaces: e.races,
  patientEthnicities: e.ethnicities,
  patientPhoneNumbers: e.phones,
};
export type ChildKind = keyof typeof lists;

/** spec 1 §2: the edit form loads only enabled child records. */
export function usePatientChildren(instId: number, patientId: number, kind: 'patientMRNs'): UseQueryResult<MrnRecord[]>;
export function usePatientChildren(
  instId: number,
  patientId: number,
  kind: 'patientRaces',
): UseQueryResult<RaceRecord[]>;
export function usePatientChildren(
  instId: number,
  patientId: number,
  kind: 'patientEthnicities',
): UseQueryResult<EthnicityRecord[]>;
export function usePatientChildren(
  instId: number,
  patientId: number,
  kind: 'patientPhoneNumbers',
): UseQueryResult<PhoneRecord[]>;
export function usePatientChildren(instId: number, patientId: number, kind: ChildKind) {
  return useQuery({
    queryKey: queryKeys.patients.children(instId, patientId, kind),
    queryFn: () =>
      call(lists[kind], {
        params: { instId, patientId },
        query: { isEnabled: true, pageNumber: 1, pageSize: MAX_PAGE_SIZE },
      }),
    staleTime: 0,
  });
}
