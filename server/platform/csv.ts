// RFC 4180 CSV (questionnaire report, screening indicator reports): every cell quoted (as spec 2 §9 asks), quotes doubled, CRLF between records.

/**
 * A cell a spreadsheet would run as a formula (=, +, @, a tab or CR first; - when not a number) gets a
 * leading apostrophe, the OWASP advice against CSV injection: a questionnaire answer is user text.
 */
const FORMULA = /^[=+@\t\r]|^-(?![\d.])/;

export function csvCell(value: string | null | undefined): string {
  const v = value ?? '';
  return `"${(FORMULA.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`;
}

export const csvRecord = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A download name (a form's name, a report's title): plain ASCII for old clients, UTF-8 (RFC 5987) for the rest. */
export function csvDisposition(name: string, fallback = 'questionnaire') {
  const ascii = name.replace(/[^A-Za-z0-9._ -]+/g, '_').trim().slice(0, 100);
  return `attachment; filename="${/[A-Za-z0-9]/.test(ascii) ? ascii : fallback}.csv"; filename*=UTF-8''${encodeURIComponent(`${name.slice(0, 100)}.csv`)}`;
}
