import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type {
  FieldInput, FieldOrderInput, FieldUpdate, FormDto, FormInput, FormWithFields, ReportPage, ReportRow, SubmissionDetail, SubmissionDto, SubmissionInput,
} from '@contract/forms.contract';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.protocols;
const FORMS = 'forms';
const SUBMISSIONS = 'formSubmissions';
const REPORT = 'formReport';
const formsBase = (instId: number, protocolId: number) => `/institutions/${instId}/collectionProtocols/${protocolId}/collectionProtocolForms`;
const formBase = (instId: number, protocolId: number, formId: number) => `${formsBase(instId, protocolId)}/${formId}`;
const submissionsBase = (instId: number) => `/institutions/${instId}/submittedCollectionProtocolForms`;

/** GET collectionProtocolForms: one page of the protocol's enabled forms (Questioners page). */
export function useForms(instId: number, protocolId: number, q: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, FORMS, { list: q }),
    queryFn: () => api.getPage<FormDto>(formsBase(instId, protocolId), { IsEnabled: true, PageNumber: q.page, PageSize: q.pageSize }),
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
    queryFn: () => api.get<FormWithFields>(formBase(instId, protocolId, formId ?? 0), undefined, { notify: false }),
    enabled: formId !== null,
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useCreateForm(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (body: FormInput) => api.post<FormDto>(formsBase(instId, protocolId), body, { notify: false }),
  });
}

/** POST a field with its options (one transaction), or PUT it with its stamp (options become exactly the list sent). */
export function useSaveField(instId: number, protocolId: number, formId: number) {
  const fields = `${formBase(instId, protocolId, formId)}/collectionProtocolFormFields`;
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: ({ fieldId, body }: { fieldId?: number; body: FieldInput | FieldUpdate }) => (fieldId
      ? api.put(`${fields}/${fieldId}`, body, { notify: false })
      : api.post(fields, body, { notify: false })),
  });
}

export function useDisableField(instId: number, protocolId: number, formId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (fieldId: number) => api.post(`${formBase(instId, protocolId, formId)}/collectionProtocolFormFields/${fieldId}/disable`),
  });
}

/** PUT .../collectionProtocolFormFields/order: every enabled field once, ordinals become 1..n. */
export function useOrderFields(instId: number, protocolId: number, formId: number) {
  return useMutation({
    ...changes('protocols.form', instId),
    mutationFn: (body: FieldOrderInput) => api.put(`${formBase(instId, protocolId, formId)}/collectionProtocolFormFields/order`, body),
  });
}

/** The participant's enabled submissions, newest first (the server pages; a participant has few). */
export function useSubmissions(instId: number, protocolId: number, patientId: number, q: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, SUBMISSIONS, { patientId, ...q }),
    queryFn: () => api.getPage<SubmissionDto>(submissionsBase(instId), { PatientID: patientId, PageNumber: q.page, PageSize: q.pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** One submission with its answers and the fields of the version it was filled with. */
export function useSubmission(instId: number, protocolId: number, submissionId: number | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, SUBMISSIONS, submissionId ?? 0),
    queryFn: () => api.get<SubmissionDetail>(`${submissionsBase(instId)}/${submissionId}`, undefined, { notify: false }),
    enabled: submissionId !== null,
    retry: false,
  });
}

export function useSubmitForm(instId: number) {
  return useMutation({
    ...changes('protocols.submission', instId),
    mutationFn: (body: SubmissionInput) => api.post<SubmissionDto>(submissionsBase(instId), body, { notify: false }),
  });
}

export function useDisableSubmission(instId: number) {
  return useMutation({
    ...changes('protocols.submission', instId),
    mutationFn: (submissionId: number) => api.post(`${submissionsBase(instId)}/${submissionId}/disable`),
  });
}

/** A report row with the id the paged table keys rows by. */
export type ReportTableRow = ReportRow & { id: number };
export interface ReportQuery { formId: number; startDate: string; endDate: string; page: number; pageSize: number }

/** GET {f}/report: one server page of the collected questionnaires report, with its field columns. */
export function useFormReport(instId: number, protocolId: number, q: ReportQuery | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, REPORT, q ?? {}),
    queryFn: async () => {
      const res = await api.getPage<unknown>(`${formBase(instId, protocolId, q!.formId)}/report`,
        { StartDate: q!.startDate, EndDate: q!.endDate, PageNumber: q!.page, PageSize: q!.pageSize }, { notify: false });
      // The body is {columns, rows}, not a bare array: the pagination header still applies to its rows.
      const body = res.items as unknown as ReportPage;
      return { columns: body.columns, items: body.rows.map((r): ReportTableRow => ({ ...r, id: r.submissionId })), pagination: res.pagination };
    },
    enabled: q !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET {f}/report.csv, saved under the name the server gives. */
export async function downloadReportCsv(instId: number, protocolId: number, q: ReportQuery, fallbackName: string) {
  const { blob, filename } = await api.getFile(`${formBase(instId, protocolId, q.formId)}/report.csv`, { StartDate: q.startDate, EndDate: q.endDate });
  saveBlob(blob, filename ?? `${fallbackName}.csv`);
}
