import type { InstCtx } from '../../platform/context';
import type { Db } from '../../db/client';
import { createReceivedSamples, ledgerText, receiveLocalItems, type ReceivedSampleInput } from '../samples';
import type { ItemRow, ShipmentRow } from './shipments.repository';

// Receiving makes the sample ours (docs/decisions/0014-received-samples.md): the receiver's own sample record of
// each accepted item, made by samples in the transaction of the acceptance (one item, a bulk accept, an
// imported manifest's item). Returns the new record id per item id, for `shipment_items.received_sample_id`.

export async function receivedRecordsOf(
  tx: Db,
  ctx: InstCtx,
  s: ShipmentRow,
  items: ItemRow[],
  parties: { sender: string; receiver: string },
): Promise<Map<number, number>> {
  const local = items.flatMap((i) =>
    i.collectedSampleId === null ? [] : [{ itemId: i.id, sourceId: i.collectedSampleId, amount: i.amount }],
  );
  const made = await receiveLocalItems(tx, ctx, {
    receiverId: s.receivingInstitutionId,
    senderTitle: parties.sender,
    shipment: { id: s.id, name: s.name },
    items: local,
  });
  const sender = s.externalSender;
  const external = items.flatMap((i): ReceivedSampleInput[] => {
    const ext = i.externalSample;
    if (!ext || !sender) return [];
    return [
      {
        code: ext.sampleId,
        kind: ext.kind ?? 'primary',
        specimenType: ext.specimenType ?? '',
        unit: ext.unit ?? '',
        amount: i.amount,
        collectedDate: ext.collectedDate ?? s.shippedDate,
        collectedTime: ext.collectedTime ?? '00:00',
        source: {
          sampleId: null,
          institutionId: null,
          institution: sender.title,
          installation: sender.installation,
        },
        shipment: { id: s.id, itemId: i.id },
        donorCode: ext.donorCode ?? null,
        timeline: ext.timeline ?? [],
        receivedSummary: ledgerText('receivedImported', {
          sender: `${sender.title}${sender.installation ? ` (${sender.installation})` : ''}`,
          name: s.name,
          code: ext.sampleId,
        }),
      },
    ];
  });
  const ids = await createReceivedSamples(tx, ctx, s.receivingInstitutionId, external);
  const withExternal = items.filter((i) => i.externalSample && sender);
  withExternal.forEach((i, n) => made.set(i.id, ids[n]));
  return made;
}
