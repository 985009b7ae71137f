import {
  DEFAULT_PRINTER_PORT,
  generateLabels,
  labelDate,
  type LabelJobValues,
  type ParsedLabel,
  type PrinterValues,
  type PrintResult,
} from '../../../contract/labels.contract';
import { command, type Ctx, type InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { validationProblem } from '../../platform/errors';
import { labelErrors } from './labels.errors';
import { MSG } from '../../../contract/messages';
import { findPrinter, insertPrinter, type PrinterRow, updatePrinter } from './labels.repository';
import { labelsToZpl } from './labels.zpl';
import { labelsToPdf } from './labels.pdf';
import { wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { sendToPrinter, type SendOptions } from './labels.printer';

export { buildOrderLabel } from '../../../contract/labels.contract';

const toDto = (r: PrinterRow) => ({
  id: r.id,
  ipAddress: r.ipAddress,
  port: r.port,
  concurrencyStamp: r.concurrencyStamp,
  enabledDate: r.enabledDate ? r.enabledDate.toISOString() : null,
});

const portsMessage = (ports: readonly number[]) =>
  `This server prints only to ${ports.length === 1 ? 'port' : 'ports'} ${ports.join(', ')} (its administrator sets PRINTER_PORTS).`;

// Every route row declares its permission (labels.print; printer.configure for the save) and the router checks
// it in the path's institution before the handler runs, so the reads and renders here do not check it again.

/** The institution's configured printer, or null when none is set up. */
export async function getPrinter(ctx: InstCtx) {
  const row = await findPrinter(ctx.db, ctx.institutionId);
  return row ? toDto(row) : null;
}

/** Sets the institution's printer (one per institution): created the first time, then updated. */
export async function savePrinter(
  ctx: InstCtx,
  input: PrinterValues,
  allowedPorts: readonly number[] = [DEFAULT_PRINTER_PORT],
) {
  const instId = ctx.institutionId;
  const values = { ipAddress: input.ipAddress, port: input.port };
  const row = await command(ctx, 'printer.configure', async (txCtx) => {
    // Only printer ports (PRINTER_PORTS, the server operator's choice): never a database, SSH or any other service.
    if (!allowedPorts.includes(input.port)) throw validationProblem({ port: [portsMessage(allowedPorts)] });
    const current = await findPrinter(txCtx.db, instId);
    if (current) {
      // An edit of the saved printer must say which version it changes (ARCHITECTURE §4).
      if (!input.concurrencyStamp) throw validationProblem({ concurrencyStamp: [MSG.required] });
      const { before, after } = await updatePrinter(txCtx.db, instId, current.id, input.concurrencyStamp, values);
      await audit(txCtx.db, txCtx, { entity: 'labelPrinter', entityId: current.id, action: 'update', before, after });
      return after;
    }
    const created = await insertPrinter(txCtx.db, instId, txCtx.account.id, values);
    // Two first saves at once: the other one won; ask for a reload rather than overwrite it.
    if (!created) throw labelErrors.printer_just_set();
    await audit(txCtx.db, txCtx, { entity: 'labelPrinter', entityId: created.id, action: 'create', after: created });
    return created;
  });
  return toDto(row);
}

/** The labels of a job: explicit ones, or the generator's numbering (spec 2 §9), dated today when undated. */
export function labelsOf(ctx: Pick<Ctx, 'now'>, job: LabelJobValues): ParsedLabel[] {
  const today = labelDate(ctx.now());
  const labels = job.labels ?? [];
  const generated = job.generator ? generateLabels(job.generator, today) : [];
  return [...labels.map((l) => ({ ...l, date: l.date ?? today })), ...generated];
}

const countOf = (labels: ParsedLabel[]) => labels.reduce((n, l) => n + l.copies, 0);

/** The words printed on labels (`MRN:`, `Donor:`) are the printing user's language (docs/languages.md). */
export function renderZpl(ctx: InstCtx, job: LabelJobValues, lng: LanguageCode = DEFAULT_LANGUAGE): string {
  return labelsToZpl(labelsOf(ctx, job), wordsOf(lng, 'labels').printed);
}

export async function renderPdf(
  ctx: InstCtx,
  job: LabelJobValues,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Uint8Array> {
  return labelsToPdf(labelsOf(ctx, job), wordsOf(lng, 'labels').printed);
}

/**
 * Prints on the institution's configured printer only: the address never comes from the request,
 * so this endpoint cannot be used to reach other hosts on the server's network. Not a `command`: the
 * send waits on the network (up to the printer timeout) and must not hold a transaction, nor the
 * institution's audit lock, meanwhile; the audit row afterwards opens its own transaction.
 */
export async function printLabels(
  ctx: InstCtx,
  job: LabelJobValues,
  send: SendOptions = {},
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<PrintResult> {
  const printer = await findPrinter(ctx.db, ctx.institutionId);
  if (!printer || !printer.isEnabled) {
    throw labelErrors.printer_not_configured();
  }
  const labels = labelsOf(ctx, job);
  const { bytes } = await sendToPrinter(printer, labelsToZpl(labels, wordsOf(lng, 'labels').printed), send);
  await audit(ctx.db, ctx, {
    entity: 'labelPrinter',
    entityId: printer.id,
    action: 'print',
    after: { labels: countOf(labels), first: labels[0]?.sampleId },
  });
  return { printer: `${printer.ipAddress}:${printer.port}`, labels: countOf(labels), bytes };
}
