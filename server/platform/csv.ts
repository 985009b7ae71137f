// The one CSV writer of the project (docs/operations.md "CSV exports"): every export builds its records
// here, headers included: order reports, the questionnaire report, indicator reports, shipment manifests.
// RFC 4180: every cell quoted (as spec 2 §9 asks), quotes doubled, CRLF between records.

/**
 * OWASP's CSV-injection rule: a cell whose first character is =, +, -, @, a tab or a carriage return is
 * taken as a formula by spreadsheet programs, also after leading spaces (which they strip). The
 * full-width forms (＝ ＋ － ＠) are included: some spreadsheets fold them to ASCII on input.
 */
export const FORMULA_TRIGGER = /^\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell's value. Strings are user text: one that starts with a formula trigger (after any whitespace)
 * gets a leading apostrophe, whatever it looks like ('-5' from a user is text, never exempted as a
 * number). Numbers are what the server itself computed (counts, serial numbers, amounts): written as
 * numbers, a negative one included; a non-finite number is an empty cell.
 */
export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `"${String(value)}"` : '""';
  const v = value ?? '';
  return `"${(FORMULA_TRIGGER.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`;
}

/** One record: its cells and CRLF. */
export const csvRecord = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A download name (a form's name, a report's title): plain ASCII for old clients, UTF-8 (RFC 5987) for the rest. */
export const csvDisposition = (name: string, fallback = 'questionnaire') => downloadDisposition(name, 'csv', fallback);

/** A download's Content-Disposition: an ASCII file name for every client and the UTF-8 one (RFC 6266) beside it. */
export function downloadDisposition(name: string, extension: string, fallback: string) {
  const ascii = name
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .trim()
    .slice(0, 100);
  return `attachment; filename="${/[A-Za-z0-9]/.test(ascii) ? ascii : fallback}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name.slice(0, 100)}.${extension}`)}`;
}
