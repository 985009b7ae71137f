import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type {
  FieldInput,
  FieldOrderValues,
  FieldUpdate,
  FormValues,
  ReportRow,
  SubmissionValues,
} from '@contract/forms.contract';
import { formEndpoints as e } from '@contract/forms.endpoints';
import { call, callFile, callPage, callPaged } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.protocols;
const FORMS = 'forms';
const SUBMISSIONS = 'formSubmissions';
const REPORT = 'formReport';

/** GET collectionProtocolForms: one page of the protocol's enabled forms (Questioners page). */
export function useForms(instId: number, protocolId: number, q: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, FORMS, { list: q }),
    queryFn: () =>
      callPage(e.list, {
        params: { instId, protocolId },
        query: { isEnabled: true, pageNumber: q.page, pageSize: q.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every enabled form of the protocol, for the fill form's Select Form. */
export function useAllForms(instId: number, protocolId: number) {
  return useForms(instId, protocolId, { page: 1, pageSize: MAX_PAGE_SIZE });
}

/** GET {f}: the form with its enabled fields by ordinal and their options; refetched on opening (stamps must be current). */
export function useForm(instId: number, protocolId: number, formId: number | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, FORMS, formId ?? 0),
    queryFn: () => call(e.get, { params: { instId, protocolId, formId: formId ?? 0 } }, { notify: false }),
    enabled: formId !== null,
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useCreateForm(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (body: FormValues) => call(e.create, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

/** POST a field with its options (one transaction), or PUT it with its stamp (options become exactly the list sent). */
export function useSaveField(instId: number, protocolId: number, formId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (save: { fieldId: number; body: FieldUpdate } | { fieldId?: undefined; body: FieldInput }) =>
      save.fieldId
        ? call(
            e.updateField,
            { params: { instId, protocolId, formId, fieldId: save.fieldId }, body: save.body },
            { notify: false },
          )
        : call(e.createField, { params: { instId, protocolId, formId }, body: save.body }, { notify: false }),
  });
}

export function useDisableField(instId: number, protocolId: number, formId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (fieldId: number) => call(e.disableField, { params: { instId, protocolId, formId, fieldId } }),
  });
}

/** PUT .../shareable (issue 32 item 3): an administrator shares the form's list answers with the research catalogue. */
export function useSetFormShareable(instId: number, protocolId: number, formId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (body: { shareable: boolean; concurrencyStamp: string }) =>
      call(e.setShareable, { params: { instId, protocolId, formId }, body }),
  });
}

/** PUT .../collectionProtocolFormFields/order: every enabled field once, ordinals become 1..n. */
export function useOrderFields(instId: number, protocolId: number, formId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (body: FieldOrderValues) => call(e.orderFields, { params: { instId, protocolId, formId }, body }),
  });
}

/** The participant's enabled submissions, newest first (the server pages; a participant has few). */
export function useSubmissions(
  instId: number,
  protocolId: number,
  patientId: number,
  q: { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, SUBMISSIONS, { patientId, ...q }),
    queryFn: () =>
      callPage(e.submissions, { params: { instId }, query: { patientId, pageNumber: q.page, pageSize: q.pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** One submission with its answers and the fields of the version it was filled with. */
export function useSubmission(instId: number, protocolId: number, submissionId: number | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, SUBMISSIONS, submissionId ?? 0),
    queryFn: () => call(e.submission, { params: { instId, submissionId: submissionId ?? 0 } }, { notify: false }),
    enabled: submissionId !== null,
    retry: false,
  });
}

export function useSubmitForm(instId: number) {
  return useMutation({
    ...changes('protocols.submission', instId),
    mutationFn: (body: SubmissionValues) => call(e.submit, { params: { instId }, body }, { notify: false }),
  });
}

export function useDisableSubmission(instId: number) {
  return useMutation({
    ...changes('protocols.submission', instId),
    mutationFn: (submissionId: number) => call(e.disableSubmission, { params: { instId, submissionId } }),
  });
}

/** A report row with the id the paged table keys rows by. */
export type ReportTableRow = ReportRow & { id: number };
export interface ReportQuery {
  formId: number;
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
}

/** GET {f}/report: one server page of the collected questionnaires report, with its field columns. */
export function useFormReport(instId: number, protocolId: number, q: ReportQuery | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, REPORT, q ?? {}),
    queryFn: async () => {
      const res = await callPaged(
        e.report,
        {
          params: { instId, protocolId, formId: q!.formId },
          query: { startDate: q!.startDate, endDate: q!.endDate, pageNumber: q!.page, pageSize: q!.pageSize },
        },
        { notify: false },
      );
      // The body is {columns, rows}, not a bare array: the pagination header still applies to its rows.
      const body = res.body;
      return {
        columns: body.columns,
        items: body.rows.map((r): ReportTableRow => ({ ...r, id: r.submissionId })),
        pagination: res.pagination ?? {
          TotalCount: body.rows.length,
          PageSize: body.rows.length,
          CurrentPage: 1,
          TotalPages: 1,
        },
      };
    },
    enabled: q !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET {f}/report.csv, saved under the name the server gives. */
export async function downloadReportCsv(instId: number, protocolId: number, q: ReportQuery, fallbackName: string) {
  const { blob, filename } = await callFile(e.reportCsv, {
    params: { instId, protocolId, formId: q.formId },
    query: { startDate: q.startDate, endDate: q.endDate },
  });
  saveBlob(blob, filename ?? `${fallbackName}.csv`);
}
