import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { ManifestPreview, Shipment, ShipmentCandidate, ShipmentInput, ShipmentItem, ShipmentStatus } from '@contract/shipments.contract';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';
import { allocateAt } from '@/lib/storage-positions';
import type { StorageLocation } from '@contract/storage.contract';
import { changes } from '@/lib/mutation-effects';

export type Direction = 'sent' | 'received';

const base = (instId: number) => `/institutions/${instId}/collectedSampleShipments`;

export interface ShipmentFilter {
  direction: Direction;
  status: ShipmentStatus | null;
  /** Several statuses at once (the overview's Requests). */
  statuses?: ShipmentStatus[];
  protocolId: number | null;
  search: string;
  page: number;
  pageSize: number;
}

/** GET base with the SENT or RECEIVED toggle (the caller's own institution on that side). */
export function useShipments(instId: number, f: ShipmentFilter) {
  return useQuery({
    queryKey: queryKeys.shipments.list(instId, f),
    queryFn: () => api.getPage<Shipment>(base(instId), {
      [f.direction === 'sent' ? 'SendingInstitutionId' : 'ReceivingInstitutionId']: instId,
      Status: f.status, Statuses: f.statuses?.join(',') || null, CollectionProtocolId: f.direction === 'sent' ? f.protocolId : null,
      SearchTerm: f.search, PageNumber: f.page, PageSize: f.pageSize,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(instId: number, id: number) {
  return useQuery({
    queryKey: queryKeys.shipments.one(instId, id),
    queryFn: () => api.get<Shipment>(`${base(instId)}/${id}`, undefined, { notify: false }),
  });
}

export function useShipmentItems(instId: number, id: number) {
  return useQuery({
    queryKey: queryKeys.shipments.items(instId, id),
    queryFn: () => api.get<ShipmentItem[]>(`${base(instId)}/${id}/collectedSampleShipmentItems`),
  });
}

/** The create stepper's search: exactly one of sample ID, patient MRN or a collected-date range. */
export type CandidateSearch = { sampleId: string } | { patientMrn: string } | { startDate: string; endDate: string };

export function useCandidates(instId: number, q: CandidateSearch | null) {
  return useQuery({
    queryKey: queryKeys.shipments.candidates(instId, q ?? {}),
    queryFn: () => {
      const query = q && 'sampleId' in q ? { SampleID: q.sampleId } : q && 'patientMrn' in q ? { PatientMRN: q.patientMrn } : { StartDate: q?.startDate, EndDate: q?.endDate };
      return api.get<ShipmentCandidate[]>(`${base(instId)}/candidates`, { ...query, PageSize: MAX_PAGE_SIZE }, { notify: false });
    },
    enabled: q !== null,
  });
}

/** The atomic create: the shipment and every chosen sample in one call. */
export function useCreateShipment(instId: number) {
  return useMutation({
    ...changes('shipments.create', instId),
    mutationFn: (body: ShipmentInput) => api.post<Shipment>(base(instId), body, { notify: false }),
  });
}

export function useCancelShipment(instId: number, id: number) {
  return useMutation({
    ...changes('shipments.cancel', instId),
    mutationFn: () => api.post<Shipment>(`${base(instId)}/${id}/cancel`),
  });
}

export type ItemAction = { kind: 'receive' } | { kind: 'reject'; reason: string };

/** One call per item: the API has no bulk receive. Failures do not stop the rest; they are returned. */
export async function processItems(instId: number, shipmentId: number, items: ShipmentItem[], action: ItemAction, onProgress: (done: number) => void) {
  const failures: { sampleId: string; title: string }[] = [];
  let done = 0;
  for (const item of items) {
    const path = `${base(instId)}/${shipmentId}/collectedSampleShipmentItems/${item.id}/${action.kind}`;
    const body = action.kind === 'reject' ? { reason: action.reason, concurrencyStamp: item.concurrencyStamp } : { concurrencyStamp: item.concurrencyStamp };
    try {
      await api.post(path, body, { notify: false });
    } catch (e) {
      failures.push({ sampleId: item.collectedSample.sampleId, title: e instanceof Error ? e.message : String(e) });
    }
    onProgress(++done);
  }
  return failures;
}

/** GET {id}/manifest.csv|pdf with the session, saved under the name the server gives (lib/download.ts). */
/** The manifest as a parsed file: the FHIR Bundle another installation exported (docs/shipments.md "Manifest exchange"). */
export type ManifestFile = { resourceType: 'Bundle' } & Record<string, unknown>;

/** Checks a manifest file as the import would (hash, shape, addressee) and says what it holds; creates nothing. */
export function usePreviewManifest(instId: number) {
  return useMutation({ ...changes('shipments.previewManifest', instId), mutationFn: (manifest: ManifestFile) => api.post<ManifestPreview>(`${base(instId)}/import/preview`, manifest, { notify: false }) });
}

/** Creates the incoming shipment from the manifest. */
export function useImportManifest(instId: number) {
  return useMutation({
    ...changes('shipments.importManifest', instId),
    mutationFn: (manifest: ManifestFile) => api.post<Shipment>(`${base(instId)}/import`, manifest, { notify: false }),
  });
}

export function downloadManifest(instId: number, shipment: Shipment, format: 'csv' | 'pdf' | 'fhir.json') {
  return downloadFile(`${base(instId)}/${shipment.id}/manifest.${format}`, `shipment-${shipment.id}-manifest.${format}`, 'The manifest could not be downloaded');
}

/** The caller's protocols for the list's protocol filter (only the sender's shipments carry one). */
export function useProtocolOptions(instId: number) {
  return useQuery({
    queryKey: queryKeys.protocols.list(instId, { options: true }),
    queryFn: () => api.get<{ id: number; title: string; code: string }[]>(`/institutions/${instId}/collectionProtocols`, { PageSize: MAX_PAGE_SIZE }),
    select: (rows) => rows.map((p) => ({ value: String(p.id), label: `${p.title} (${p.code})` })),
    staleTime: 60_000,
  });
}

/** Stores a received sample at a position (the suggestion) in the caller's own boxes; refreshes the items (their `storedAt`) and storage. */
export function useStoreSample(instId: number) {
  return useMutation({
    ...changes('shipments.receive', instId),
    mutationFn: (v: { location: StorageLocation; collectedSampleId: number }) => allocateAt(instId, v.location, v.collectedSampleId),
  });
}

/** A draft leaves (sender): POST {id}/send. */
export function useSendShipment(instId: number, id: number) {
  return useMutation({
    ...changes('shipments.send', instId),
    mutationFn: () => api.post<Shipment>(`${base(instId)}/${id}/send`, undefined, { notify: false }),
  });
}
