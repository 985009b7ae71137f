import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { z } from 'zod';
import type {
  ManifestInput,
  Shipment,
  ShipmentInput,
  ShipmentItem,
  ShipmentStatus,
} from '@contract/shipments.contract';
import { shipmentEndpoints as e } from '@contract/shipments.endpoints';
import { protocolEndpoints } from '@contract/protocols.endpoints';
import { ApiError, errorTitle, call, callFile, callPage } from '@/lib/api-client';
import { notifications } from '@mantine/notifications';
import { saveBlob } from '@/lib/download';
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

/** One call per item: the API has no bulk receive. Failures do not stop the rest; they are returned. */
export async function processItems(
  instId: number,
  shipmentId: number,
  items: ShipmentItem[],
  action: ItemAction,
  onProgress: (done: number) => void,
) {
  const failures: { sampleId: string; title: string }[] = [];
  let done = 0;
  for (const item of items) {
    const params = { instId, shipmentId, itemId: item.id };
    try {
      if (action.kind === 'reject')
        await call(
          e.rejectItem,
          { params, body: { reason: action.reason, concurrencyStamp: item.concurrencyStamp } },
          { notify: false },
        );
      else await call(e.receiveItem, { params, body: { concurrencyStamp: item.concurrencyStamp } }, { notify: false });
    } catch (e) {
      failures.push({ sampleId: item.collectedSample.sampleId, title: e instanceof Error ? e.message : String(e) });
    }
    onProgress(++done);
  }
  return failures;
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
export async function downloadManifest(
  instId: number,
  shipment: Shipment,
  format: keyof typeof manifestRows,
): Promise<boolean> {
  try {
    const { blob, filename } = await callFile(manifestRows[format], one(instId, shipment.id), { notify: false });
    saveBlob(blob, filename ?? `shipment-${shipment.id}-manifest.${format}`);
    return true;
  } catch (err) {
    // A 401 already went to the login page.
    if (!(err instanceof ApiError && err.status === 401)) {
      notifications.show({
        color: 'red',
        title: 'The manifest could not be downloaded',
        message: errorTitle(err),
        autoClose: 5000,
      });
    }
    return false;
  }
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
