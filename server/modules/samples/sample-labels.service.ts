import type { SampleLabelsInput } from '../../../contract/samples.contract';
import type { ParsedLabel } from '../../../contract/labels.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { institutionTitles } from '../institutions';
import { assertSamplesUsable, protocolOf } from '../protocols';
import { sampleErrors } from './samples.errors';
import { labelRowsOf } from './samples.repository';
import { recordEvent } from './ledger.repository';
import { ledgerText } from './ledger-words';

/** spec 2 §9 label date: DD-MM-YYYY from the collected date (YYYY-MM-DD). */
const labelDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/**
 * The labels of some samples of the protocol (issue 13), or (protocolId null) of any sample of the institution by record
 * id, a received one included (docs/labels.md "Sample labels"): each sample must still be usable (a donor who withdrew
 * consent refuses the whole request, naming them; a received record by its stored consent state), each gets 'label
 * printed' in its history, and the answer is the labels the web prints through the labels module. A sample label
 * carries the sample ID, its barcode and the collected date; no donor name (labels travel with the tube). A received
 * record, which has no participant here, adds its specimen type and the donor code.
 */
export async function prepareLabels(
  ctx: InstCtx,
  protocolId: number | null,
  input: SampleLabelsInput,
): Promise<{ labels: ParsedLabel[] }> {
  const ids = [...new Set(input.collectedSampleIds)];
  const { copies } = input;
  return command(ctx, 'labels.print', async ({ db: tx }) => {
    // Both are needed; labels.print is checked first (its refusal names it).
    requirePermission(ctx, 'samples.read');
    if (protocolId !== null) await protocolOf(ctx, protocolId, tx);
    const rows = await labelRowsOf(tx, ctx.institutionId, protocolId, ids, ctx.language);
    if (rows.length !== ids.length) throw notFound('Collected sample');
    // Received by another institution: the tube is theirs, its label too (docs/decisions/0014-received-samples.md).
    const away = rows.find((r) => r.heldBy !== r.institutionId);
    if (away)
      throw sampleErrors.held_elsewhere_use(
        away.sampleId,
        (await institutionTitles(tx, [away.heldBy])).get(away.heldBy) ?? `institution ${away.heldBy}`,
        'labelled',
      );
    // A received record has no donor here: its consent state is the one stored at receipt (usable at shipping).
    // A sub-sample has the state of the received record it was taken from.
    const blocked = rows.find((r) => r.origin === 'received' && r.receivedFrom?.consentState !== 'usable');
    if (blocked) throw sampleErrors.received_consent_blocked(blocked.sampleId);
    await assertSamplesUsable(ctx, rows, tx);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const labels = ids.map((id) => byId.get(id)!).map((r) => labelOf(r, copies));
    for (const r of rows) {
      await recordEvent(tx, ctx, r.id, 'label_printed', {
        summary: copies === 1 ? ledgerText('labelPrinted') : ledgerText('labelPrintedCopies', { copies }),
      });
      await audit(tx, ctx, {
        entity: 'collectedSample',
        entityId: r.id,
        action: 'print_label',
        after: { sampleId: r.sampleId, copies },
      });
    }
    return { labels };
  });
}

/** The label of one row: a received record shows what it has instead of a participant (never another institution's names). */
function labelOf(r: Awaited<ReturnType<typeof labelRowsOf>>[number], copies: number): ParsedLabel {
  const label: ParsedLabel = { sampleId: r.sampleId, date: labelDay(r.collectedDate), copies };
  if (r.origin !== 'received') return label;
  return {
    ...label,
    ...(r.specimenType ? { specimenType: r.specimenType } : {}),
    ...(r.receivedFrom?.donorCode ? { donorCode: r.receivedFrom.donorCode } : {}),
  };
}
