import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { CriteriaGroup, QueryDimension } from '@contract/queries.contract';
import { queryEndpoints as e } from '@contract/queries.endpoints';
import { distributionEndpoints } from '@contract/distribution.endpoints';
import { call, callPage } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.queries;

/** What is asked: the criteria and, optionally, the distribution protocol whose eligibility narrows it. */
export interface Ask {
  criteria: CriteriaGroup;
  distributionProtocolId: number | null;
}

/** POST queries/count (null: nothing asked yet); `exact`: staff asking past the cap. */
export function useQueryCount(instId: number, ask: Ask | null, exact = false) {
  return useQuery({
    queryKey: keys.run(instId, exact ? 'exactCount' : 'count', ask),
    queryFn: () =>
      call(e.count, { params: { instId }, body: exact ? { ...ask!, exact: true } : ask! }, { notify: false }),
    enabled: ask !== null,
    retry: false,
  });
}

/** POST queries/aggregate: the researcher's table, counts by a dimension. */
export function useQueryAggregate(instId: number, ask: Ask | null, groupBy: QueryDimension, enabled: boolean) {
  return useQuery({
    queryKey: keys.run(instId, 'aggregate', { ask, groupBy }),
    queryFn: () => call(e.aggregate, { params: { instId }, body: { ...ask!, groupBy } }, { notify: false }),
    enabled: enabled && ask !== null,
    retry: false,
  });
}

/** POST queries/samples: the staff list, one page. */
export function useQuerySamples(
  instId: number,
  ask: Ask | null,
  page: { page: number; pageSize: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: keys.run(instId, 'samples', { ask, page }),
    queryFn: () =>
      callPage(
        e.samples,
        { params: { instId }, body: { ...ask!, pageNumber: page.page, pageSize: page.pageSize } },
        { notify: false },
      ),
    enabled: enabled && ask !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `failed`: the notice's title when the file cannot be made, in the screen's language. */
export const exportSamples = (instId: number, ask: Ask, failed: string) =>
  downloadCall(e.exportSamples, { params: { instId }, body: ask }, 'query-samples.csv', failed);

/** How many questionnaires the picker offers at once: a search narrows the rest. */
const QUESTIONNAIRE_PAGE = 50;

/** The questionnaires the caller may name in an answer criterion, by name (`search`: name or protocol title). */
export function useQuestionnaires(instId: number, search: string) {
  const query = { pageNumber: 1, pageSize: QUESTIONNAIRE_PAGE, ...(search ? { searchTerm: search } : {}) };
  return useQuery({
    queryKey: keys.questionnaires(instId, query),
    queryFn: () => callPage(e.questionnaires, { params: { instId }, query }, { notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** The questionnaire holding a field (a saved criterion names its field only); null: nothing to look up. */
export function useQuestionnaireOfField(instId: number, fieldId: number | null) {
  const query = { pageNumber: 1, pageSize: 1, fieldId: fieldId ?? 0 };
  return useQuery({
    queryKey: keys.questionnaires(instId, query),
    queryFn: async () =>
      (await callPage(e.questionnaires, { params: { instId }, query }, { notify: false })).items[0] ?? null,
    enabled: fieldId !== null,
  });
}

/** One questionnaire with the fields the caller may ask about and their options; null: none chosen. */
export function useQuestionnaireFields(instId: number, formId: number | null) {
  return useQuery({
    queryKey: keys.questionnaire(instId, formId ?? 0),
    queryFn: () => call(e.questionnaire, { params: { instId, formId: formId ?? 0 } }, { notify: false }),
    enabled: formId !== null,
  });
}

/** The institution's saved queries (enabled), newest first. */
export function useSavedQueries(instId: number) {
  return useQuery({
    queryKey: keys.saved(instId),
    queryFn: () =>
      callPage(e.savedList, { params: { instId }, query: { isEnabled: true, pageNumber: 1, pageSize: 200 } }),
  });
}

/** The institution's enabled distribution protocols, for narrowing by eligibility (needs distribution.read). */
export function useDistributionChoices(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.distribution.list(instId, { choices: true }),
    queryFn: () =>
      callPage(distributionEndpoints.list, {
        params: { instId },
        query: { isEnabled: true, pageNumber: 1, pageSize: MAX_PAGE_SIZE },
      }),
    enabled,
  });
}

export interface SavedValues {
  name: string;
  criteria: CriteriaGroup;
  distributionProtocolId: number | null;
  groupBy: QueryDimension | null;
}

export function useCreateSavedQuery(instId: number) {
  return useMutation({
    ...changes('queries.write', instId),
    mutationFn: (body: SavedValues) => call(e.savedCreate, { params: { instId }, body }, { notify: false }),
  });
}

export function useUpdateSavedQuery(instId: number) {
  return useMutation({
    ...changes('queries.write', instId),
    mutationFn: ({ id, ...body }: SavedValues & { id: number; concurrencyStamp: string }) =>
      call(e.savedUpdate, { params: { instId, savedQueryId: id }, body }, { notify: false }),
  });
}

export function useDisableSavedQuery(instId: number) {
  return useMutation({
    ...changes('queries.write', instId),
    mutationFn: (id: number) => call(e.savedDisable, { params: { instId, savedQueryId: id } }, { notify: false }),
  });
}
