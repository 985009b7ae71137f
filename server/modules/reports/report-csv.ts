import { csvDisposition, csvRecord } from '../../platform/csv';
import type { Report } from './reports.service';

const BATCH = 1000;

/**
 * The whole report as RFC 4180 CSV (every cell quoted, a text cell that starts with a formula trigger prefixed
 * with an apostrophe, a number the report computed written as a number: platform/csv.ts), produced in batches while it is sent. After the rows, a blank record and the footer
 * lines (range, rules, generated at), each padded to the column count so every record has as many fields.
 */
export function reportCsv(report: Report) {
  const width = report.columns.length;
  const line = (first: string) => csvRecord([first, ...Array<string>(width - 1).fill('')]);
  async function* lines() {
    // A byte-order mark: spreadsheet programs then read UTF-8 names (Amharic, accents) correctly.
    yield `\uFEFF${csvRecord(report.columns.map((c) => c.title))}`;
    const batch = report.csvBatch ?? BATCH;
    for (let offset = 0; ; offset += batch) {
      const { rows } = await report.slice(batch, offset);
      if (rows.length) yield rows.map((r) => csvRecord(report.columns.map((c) => r[c.key]))).join('');
      if (rows.length < batch) break;
    }
    yield line('');
    for (const f of report.footer) yield line(f);
  }
  return { disposition: csvDisposition(report.title, 'report'), lines };
}
