import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { Patient } from '@contract/participants.contract';
import { api } from '@/lib/api-client';

interface TitledRecord { id: number; title: string }
export interface Option { value: string; label: string }

/** An enabled configuration list (priorities, paymentCategories, institutionSites) as Select options. */
export function useOptions(instId: number, list: 'priorities' | 'paymentCategories' | 'institutionSites') {
  return useQuery({
    queryKey: ['lookups', instId, list, 'enabled'],
    queryFn: () => api.get<TitledRecord[]>(`/institutions/${instId}/${list}`, { IsEnabled: true, PageNumber: 1, PageSize: MAX_PAGE_SIZE }),
    staleTime: 5 * 60_000,
    select: (rows): Option[] => rows.map((r) => ({ value: String(r.id), label: r.title })),
  });
}

/** spec 1 §7 panel typeahead: GET panels?SearchTerm, enabled panels only. */
export function usePanelSearch(instId: number, term: string) {
  return useQuery({
    queryKey: ['lookups', instId, 'panels', 'search', term],
    queryFn: () => api.get<TitledRecord[]>(`/institutions/${instId}/panels`, { IsEnabled: true, SearchTerm: term, PageNumber: 1, PageSize: 50 }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (rows): Option[] => rows.map((r) => ({ value: String(r.id), label: r.title })),
  });
}

export type ParticipantSearch = { mrn: string } | { phone: string };

/** spec 1 §2 New Order step 1: participants by MRN (patientMRNs lookup) or by phone number, never both. */
export function useParticipantSearch(instId: number, search: ParticipantSearch | null) {
  return useQuery({
    queryKey: ['patients', instId, 'orderSearch', search],
    queryFn: async (): Promise<Patient[]> => {
      if (search && 'mrn' in search) {
        const rows = await api.get<{ id: number; patient: Patient }[]>('/institutions/patientMRNs', { institutionId: instId, mrn: search.mrn });
        return rows.map((r) => r.patient);
      }
      return api.get<Patient[]>(`/institutions/${instId}/patients`, { PhoneNumber: search?.phone, IsEnabled: true, PageSize: 50 });
    },
    enabled: search !== null,
    staleTime: 0,
  });
}
