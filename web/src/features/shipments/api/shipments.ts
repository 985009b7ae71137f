import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { z } from 'zod';
import {
  BulkRefusals,
  type BulkRefusal,
  type ManifestInput,
  type Shipment,
  type ShipmentInput,
  type ShipmentItem,
  type ShipmentStatus,
} from '@contract/shipments.contract';
import { shipmentEndpoints as e } from '@contract/shipments.endpoints';
import { protocolEndpoints } from '@contract/protocols.endpoints';
import { ApiError, call, callPage } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { i18next } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { allocateAt } from '@/lib/storage-positions';
import type { StorageLocation } from '@contract/storage.contract';
import { changes } from '@/lib/mutation-effects';

export type Direction = 'sent' | 'received';

const one = (instId: number, shipmentId: number) => ({ params: { instId, shipmentId } });

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
    queryFn: () =>
      callPage(e.list, {
        params: { instId },
        query: {
          ...(f.direction === 'sent' ? { sendingInstitutionId: instId } : { receivingInstitutionId: instId }),
          status: f.status ?? undefined,
          statuses: f.statuses?.join(',') || undefined,
          collectionProtocolId: f.direction === 'sent' ? f.protocolId : null,
          searchTerm: f.search,
          pageNumber: f.page,
          pageSize: f.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(instId: number, id: number) {
  return useQuery({
    queryKey: queryKeys.shipments.one(instId, id),
    queryFn: () => call(e.get, one(instId, id), { notify: false }),
  });
}

export function useShipmentItems(instId: number, id: number) {
  return useQuery({
    queryKey: queryKeys.shipments.items(instId, id),
    queryFn: () => call(e.items, one(instId, id)),
  });
}

/** The create stepper's search: exactly one of sample ID, patient MRN or a collected-date range. */
export type CandidateSearch = { sampleId: string } | { patientMrn: string } | { startDate: string; endDate: string };

export function useCandidates(instId: number, q: CandidateSearch | null) {
  return useQuery({
    queryKey: queryKeys.shipments.candidates(instId, q ?? {}),
    queryFn: () => {
      const query =
        q && 'sampleId' in q
          ? { sampleId: q.sampleId }
          : q && 'patientMrn' in q
            ? { patientMrn: q.patientMrn }
            : { startDate: q?.startDate, endDate: q?.endDate };
      return call(
        e.candidates,
        { params: { instId }, query: { ...query, pageSize: MAX_PAGE_SIZE } },
        { notify: false },
      );
    },
    enabled: q !== null,
  });
}

/** The atomic create: the shipment and every chosen sample in one call. */
export function useCreateShipment(instId: number) {
  return useMutation({
    ...changes('shipments.create', instId),
    mutationFn: (body: z.input<typeof ShipmentInput>) =>
      call(e.create, { params: { instId }, body }, { notify: false }),
  });
}

export function useCancelShipment(instId: number, id: number) {
  return useMutation({
    ...changes('shipments.cancel', instId),
    mutationFn: () => call(e.cancel, one(instId, id)),
  });
}

export type ItemAction = { kind: 'receive' } | { kind: 'reject'; reason: string };

/**
 * Accept or reject the chosen items in ONE call (all of them or none, docs/shipments.md "Bulk accept and
 * reject"), each with the stamp it was listed with.
 */
export function useProcessItems(instId: number, shipmentId: number) {
  return useMutation({
    ...changes('shipments.receive', instId),
    mutationFn: ({ items, action }: { items: ShipmentItem[]; action: ItemAction }) => {
      const params = { instId, shipmentId };
      const asked = items.map((i) => ({ id: i.id, concurrencyStamp: i.concurrencyStamp }));
      return action.kind === 'reject'
        ? call(e.rejectItems, { params, body: { items: asked, reason: action.reason } }, { notify: false })
        : call(e.receiveItems, { params, body: { items: asked } }, { notify: false });
    },
  });
}

/** The items a refused bulk call names, one by one (the 409's `items`); none for any other failure. */
export function refusalsOf(error: unknown): BulkRefusal[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = BulkRefusals.safeParse(error.problem);
  return parsed.success ? parsed.data.items : [];
}

/** The manifest as a parsed file: the FHIR Bundle another installation exported (docs/shipments.md "Manifest exchange"). */
export type ManifestFile = z.input<typeof ManifestInput>;

/** Checks a manifest file as the import would (hash, shape, addressee) and says what it holds; creates nothing. */
export function usePreviewManifest(instId: number) {
  return useMutation({
    ...changes('shipments.previewManifest', instId),
    mutationFn: (manifest: ManifestFile) =>
      call(e.importPreview, { params: { instId }, body: manifest }, { notify: false }),
  });
}

/** Creates the incoming shipment from the manifest. */
export function useImportManifest(instId: number) {
  return useMutation({
    ...changes('shipments.importManifest', instId),
    mutationFn: (manifest: ManifestFile) => call(e.import, { params: { instId }, body: manifest }, { notify: false }),
  });
}

const manifestRows = { csv: e.manifestCsv, pdf: e.manifestPdf, 'fhir.json': e.manifestFhir } as const;

/** GET {id}/manifest.csv|pdf|fhir.json with the session, saved under the name the server gives; a failure shows the server's title. True when saved. */
export function downloadManifest(
  instId: number,
  shipment: Shipment,
  format: keyof typeof manifestRows,
): Promise<boolean> {
  return downloadCall(
    manifestRows[format],
    one(instId, shipment.id),
    `shipment-${shipment.id}-manifest.${format}`,
    i18next.t('manifestDownload.failed', { ns: 'shipments' }),
  );
}

/** The caller's protocols for the list's protocol filter (only the sender's shipments carry one). */
export function useProtocolOptions(instId: number) {
  return useQuery({
    queryKey: queryKeys.protocols.list(instId, { options: true }),
    queryFn: () => call(protocolEndpoints.list, { params: { instId }, query: { pageSize: MAX_PAGE_SIZE } }),
    select: (rows) => rows.map((p) => ({ value: String(p.id), label: `${p.title} (${p.code})` })),
    staleTime: 60_000,
  });
}

/** Stores a received sample at a position (the suggestion) in the caller's own boxes; refreshes the items (their `storedAt`) and storage. */
export function useStoreSample(instId: number) {
  return useMutation({
    ...changes('shipments.receive', instId),
    mutationFn: (v: { location: StorageLocation; collectedSampleId: number }) =>
      allocateAt(instId, v.location, v.collectedSampleId),
  });
}

/** A draft leaves (sender): POST {id}/send. */
export function useSendShipment(instId: number, id: number) {
  return useMutation({
    ...changes('shipments.send', instId),
    mutationFn: () => call(e.send, one(instId, id), { notify: false }),
  });
}
