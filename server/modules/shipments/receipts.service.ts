import { RECEIPT_FORMAT, ShipmentReceipt, type ReceiptImportResult } from '../../../contract/shipments.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { fill, pluralOf, wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { institutionAbbreviations, institutionTitles } from '../institutions';
import { SIG_FORMAT, signDocument, verifyDocument, wasSigned } from '../partners';
import { appendShippingEvents, ledgerText, markReceived, markReturned } from '../samples';
import { signedBytes } from './shipments.manifest-fhir';
import { itemRows, lockShipmentRow, nothingPending, updateItem, updateShipment } from './shipments.repository';
import { shipmentErrors } from './shipments.errors';
import { getShipment, listItems } from './shipment-reads.service';
import { MSG } from '../../../contract/messages';

// Outcomes travel back (issue 31 item 2, docs/shipments.md "Receipts"): the receiver of an imported manifest
// issues a signed receipt of each item's outcome; the sender imports it on its shipment, which closes its items
// with the receiver's outcome through the same custody writer as a receipt on this server.

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const personOf = (a: { firstName: string; lastName: string } | null) =>
  a ? `${a.firstName} ${a.lastName}`.trim() || null : null;

/** The receipt of a shipment imported here, once every item is received or rejected; signed by the caller's institution. */
export async function receiptOf(ctx: InstCtx, shipmentId: number, installation: string): Promise<ShipmentReceipt> {
  const s = await getShipment(ctx, shipmentId);
  if (s.direction !== 'received' || !s.externalSender || !s.manifestSha256) throw shipmentErrors.receipt_not_imported();
  const items = await listItems(ctx, s.id);
  if (items.some((i) => i.status === 'pending')) throw shipmentErrors.receipt_not_ready();
  const inst = ctx.institutionId;
  const abbreviation = (await institutionAbbreviations(ctx.db, [inst])).get(inst) ?? '';
  const unsigned = {
    format: RECEIPT_FORMAT,
    version: 1 as const,
    manifestSha256: s.manifestSha256,
    shipment: { name: s.name },
    sender: {
      title: s.externalSender.title,
      abbreviation: s.externalSender.abbreviation,
      installation: s.externalSender.installation,
    },
    receiver: { title: s.receivingInstitution?.title ?? abbreviation, abbreviation, installation },
    issuedAt: ctx.now().toISOString(),
    items: items
      .filter((i) => i.status === 'received' || i.status === 'rejected')
      .map((i) => ({
        sampleId: i.collectedSample.sampleId,
        outcome: i.status === 'received' ? ('received' as const) : ('rejected' as const),
        processedAt: i.receivedDate ?? ctx.now().toISOString(),
        processedBy: personOf(i.processedAccount),
        reason: i.reason,
      })),
  };
  const signed = await signDocument(ctx, inst, { kind: 'receipt', shipmentId: s.id, payload: signedBytes(unsigned) });
  return { ...unsigned, signature: { sigFormat: SIG_FORMAT, data: Buffer.from(signed.jws).toString('base64') } };
}

/**
 * The sender imports the receiver's receipt on its shipment, in one transaction: the signature must be a trusted
 * partner's (the receiver's own key), the receipt must answer a manifest this institution signed for this
 * shipment, each of its samples an item of it. Pending items take the receiver's outcome (custody marked,
 * histories written, the status rolled up); items already closed the same way are counted unchanged, so the same
 * receipt twice changes nothing; an item closed otherwise refuses the whole receipt.
 */
export async function importReceipt(
  ctx: InstCtx,
  shipmentId: number,
  raw: unknown,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<ReceiptImportResult> {
  const inst = ctx.institutionId;
  const outcome = await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    if (!isRecord(raw)) throw shipmentErrors.receipt_invalid({ receipt: [MSG.notJsonObject] });
    const sig = raw.signature;
    const signer = await verifyDocument(tx, inst, 'receipt', isRecord(sig) ? sig : undefined, signedBytes(raw));
    const parsed = ShipmentReceipt.safeParse(raw);
    if (!parsed.success)
      throw shipmentErrors.receipt_invalid(
        Object.fromEntries(parsed.error.issues.slice(0, 20).map((i) => [i.path.join('.') || 'receipt', [i.message]])),
      );
    const r = parsed.data;
    if (!same(signer.abbreviation, r.receiver.abbreviation))
      throw shipmentErrors.receipt_wrong_signer(`${r.receiver.title} (${r.receiver.abbreviation})`, signer.title);

    const s = await lockShipmentRow(tx, shipmentId);
    if (!s || (s.institutionId !== inst && (s.receivingInstitutionId !== inst || !s.sentAt)))
      throw notFound('Shipment');
    if (s.institutionId !== inst || s.externalSender) throw shipmentErrors.sender_only();
    const [titles, abbreviations] = await Promise.all([
      institutionTitles(tx, [s.institutionId, s.receivingInstitutionId]),
      institutionAbbreviations(tx, [s.receivingInstitutionId]),
    ]);
    const receiverTitle = titles.get(s.receivingInstitutionId) ?? `Institution ${s.receivingInstitutionId}`;
    if (!same(abbreviations.get(s.receivingInstitutionId) ?? '', r.receiver.abbreviation))
      throw shipmentErrors.receipt_other_shipment({
        kind: 'receiver',
        from: r.receiver.title,
        fromAbbreviation: r.receiver.abbreviation,
        to: receiverTitle,
      });
    if (!(await wasSigned(tx, inst, 'manifest', s.id, r.manifestSha256)))
      throw shipmentErrors.receipt_other_shipment({ kind: 'manifest', sha: r.manifestSha256.slice(0, 12) });

    const rows = await itemRows(tx, s.id);
    const byCode = new Map(rows.flatMap((x) => (x.sample ? [[x.sample.sampleId.toLowerCase(), x]] : [])));
    const todo: { row: (typeof rows)[number]; item: ShipmentReceipt['items'][number] }[] = [];
    let unchanged = 0;
    for (const item of r.items) {
      const row = byCode.get(item.sampleId.toLowerCase());
      if (!row) throw shipmentErrors.receipt_other_shipment({ kind: 'sample', sampleId: item.sampleId });
      if (row.item.status === item.outcome) unchanged += 1;
      else if (row.item.status === 'pending') todo.push({ row, item });
      else throw shipmentErrors.receipt_conflict(item.sampleId, row.item.status, item.outcome);
    }
    if (!todo.length) return { applied: 0, unchanged, signer };
    if (s.status !== 'shipped' && s.status !== 'partially_received')
      throw shipmentErrors.not_receivable(s.status.replace('_', ' '));

    const sender = titles.get(s.institutionId) ?? `Institution ${s.institutionId}`;
    for (const { row, item } of todo)
      await updateItem(tx, row.item.id, {
        status: item.outcome,
        reason: item.reason,
        processedById: ctx.account.id,
        processedAt: new Date(item.processedAt),
      });
    const idsOf = (o: 'received' | 'rejected') =>
      todo
        .filter((t) => t.item.outcome === o)
        .map((t) => t.row.item.collectedSampleId)
        .filter((x): x is number => x !== null);
    if (idsOf('received').length) await markReceived(tx, ctx, idsOf('received'), s.id, s.receivingInstitutionId);
    if (idsOf('rejected').length) await markReturned(tx, ctx, idsOf('rejected'), s.id, 'rejected');
    await appendShippingEvents(
      tx,
      todo.flatMap(({ row, item }) => {
        if (row.item.collectedSampleId === null) return [];
        const values = {
          receiver: receiverTitle,
          sender,
          name: s.name,
          by: item.processedBy ?? '',
          at: item.processedAt,
          reason: item.reason ?? '',
        };
        const signed = item.processedBy ? 'Signed' : 'SignedAnon';
        return [
          {
            sample: { id: row.item.collectedSampleId, institutionId: s.institutionId },
            kind: item.outcome,
            reason: item.reason,
            accountId: ctx.account.id,
            at: ctx.now(),
            summary: ledgerText(
              item.outcome === 'received' ? `received${signed}` : `rejected${signed}${item.reason ? 'Reason' : ''}`,
              values,
            ),
          },
        ];
      }),
    );
    const done = await nothingPending(tx, s.id);
    const rolled = await updateShipment(tx, s.id, {
      status: done ? 'received' : 'partially_received',
      processedAt: ctx.now(),
      receivedAt: done ? ctx.now() : null,
    });
    await audit(tx, ctx, {
      entity: 'shipment',
      entityId: s.id,
      action: 'receipt',
      before: { status: s.status },
      after: {
        status: rolled.status,
        manifestSha256: r.manifestSha256,
        signedBy: signer,
        items: todo.map(({ row, item }) => ({ id: row.item.id, ...item })),
      },
    });
    return { applied: todo.length, unchanged, signer };
  });
  const shipment = await getShipment(ctx, shipmentId);
  // The notice in the caller's language (contract/i18n `shipments.manifest`).
  const w = wordsOf(lng, 'shipments').manifest;
  const values = { count: outcome.applied, signer: outcome.signer.title, unchanged: outcome.unchanged };
  const message = outcome.applied
    ? fill(
        outcome.unchanged
          ? pluralOf(lng, outcome.applied, {
              one: w.receiptAppliedUnchanged_one,
              other: w.receiptAppliedUnchanged_other,
            })
          : pluralOf(lng, outcome.applied, { one: w.receiptApplied_one, other: w.receiptApplied_other }),
        values,
      )
    : w.receiptAlready;
  return { shipment, applied: outcome.applied, unchanged: outcome.unchanged, signedBy: outcome.signer, message };
}
