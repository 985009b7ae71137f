import { useMutation } from '@tanstack/react-query';
import { i18next } from '@/lib/i18n';
import type { z } from 'zod';
import type { ReceiptInput, Shipment } from '@contract/shipments.contract';
import { shipmentEndpoints as e } from '@contract/shipments.endpoints';
import { call } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { changes } from '@/lib/mutation-effects';

// Signed receipts (docs/shipments.md "Receipts"): the receiver of an imported manifest downloads one, the
// sender imports it on its shipment to close its items with the receiver's outcome.

export type ReceiptFile = z.input<typeof ReceiptInput>;

/** GET {id}/receipt.json: the signed receipt, saved under the server's name; false (with the server's title shown) when refused. */
export const downloadReceipt = (instId: number, shipment: Shipment) =>
  downloadCall(
    e.receipt,
    { params: { instId, shipmentId: shipment.id } },
    `shipment-${shipment.id}-receipt.json`,
    i18next.t('manifestDownload.receiptFailed', { ns: 'shipments' }),
  );

/** POST {id}/receipt: imports the receiver's signed receipt on the sender's shipment. */
export function useImportReceipt(instId: number, shipmentId: number) {
  return useMutation({
    ...changes('shipments.importReceipt', instId),
    mutationFn: (receipt: ReceiptFile) =>
      call(e.importReceipt, { params: { instId, shipmentId }, body: receipt }, { notify: false }),
  });
}
