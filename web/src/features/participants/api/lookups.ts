import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { api } from '@/lib/api-client';

/** The part of a configuration-list record the participant form uses (registry lists all carry id and title). */
export interface LookupRecord { id: number; title: string; isDefault?: boolean }
export interface Option { value: string; label: string }

const toOptions = (rows: LookupRecord[]): Option[] => rows.map((r) => ({ value: String(r.id), label: r.title }));
const enabledAll = { IsEnabled: true, PageNumber: 1, PageSize: MAX_PAGE_SIZE };

/** An enabled configuration list of the institution (patientTypes, genders, ...), for a Select. */
export function useLookup(instId: number, list: string, enabled = true) {
  return useQuery({
    queryKey: ['lookups', instId, list, 'enabled'],
    queryFn: () => api.get<LookupRecord[]>(`/institutions/${instId}/${list}`, enabledAll),
    staleTime: 5 * 60_000,
    enabled,
    select: (rows) => ({ rows, options: toOptions(rows) }),
  });
}

/** Phone number types of one category (spec 1 §4: picking a category loads its types). */
export function usePhoneTypes(instId: number, categoryId: string | null) {
  return useQuery({
    queryKey: ['lookups', instId, 'phoneNumberTypeCategories', categoryId, 'phoneNumberTypes'],
    queryFn: () => api.get<LookupRecord[]>(`/institutions/${instId}/phoneNumberTypeCategories/${categoryId}/phoneNumberTypes`, enabledAll),
    enabled: !!categoryId,
    staleTime: 5 * 60_000,
    select: toOptions,
  });
}

/** spec 1 §7 typeahead: races?SearchTerm / ethnicities?SearchTerm as the text changes; failures are ignored. */
export function useTypeahead(instId: number, list: 'races' | 'ethnicities', term: string) {
  return useQuery({
    queryKey: ['lookups', instId, list, 'search', term],
    queryFn: () => api.get<LookupRecord[]>(`/institutions/${instId}/${list}`, { IsEnabled: true, SearchTerm: term, PageNumber: 1, PageSize: 50 }, { notify: false }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: toOptions,
  });
}

/** The four selects of the participant form, the default participant type and which vital status is 'dead'. */
export function usePatientLookups(instId: number) {
  const patientTypes = useLookup(instId, 'patientTypes');
  const genders = useLookup(instId, 'genders');
  const maritalStatuses = useLookup(instId, 'maritalStatuses');
  const vitalStatuses = useLookup(instId, 'vitalStatuses');
  const all = [patientTypes, genders, maritalStatuses, vitalStatuses];
  const defaultType = patientTypes.data?.rows.find((t) => t.isDefault);
  return {
    patientTypes: patientTypes.data?.options ?? [],
    genders: genders.data?.options ?? [],
    maritalStatuses: maritalStatuses.data?.options ?? [],
    vitalStatuses: vitalStatuses.data?.options ?? [],
    loading: all.some((q) => q.isPending),
    ready: all.every((q) => q.isSuccess),
    defaultTypeId: defaultType ? String(defaultType.id) : null,
    titleOfVitalStatus: (id: string | null) => vitalStatuses.data?.rows.find((v) => String(v.id) === id)?.title ?? null,
  };
}
