// A strict RFC 4180 reader for imports (the project's csv.ts only writes). Quoted cells may hold commas,
// doubled quotes and line breaks; records end with CRLF or LF; a UTF-8 BOM is dropped. Each record
// keeps the line (1-based, in the file) it starts on, so errors name the line a spreadsheet shows.

export interface CsvRecord { line: number; cells: string[] }
export class CsvSyntaxError extends Error {
  constructor(readonly line: number, message: string) { super(`Line ${line}: ${message}`); }
}

export function parseCsv(text: string): CsvRecord[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < s.length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (s[i] === '"') {
        i++;
        for (;;) {
          if (i >= s.length) throw new CsvSyntaxError(start, 'a quoted cell is not closed');
          const c = s[i];
          if (c === '"') {
            if (s[i + 1] === '"') { cell += '"'; i += 2; continue; }
            i++;
            break;
          }
          if (c === '\n') line++;
          cell += c;
          i++;
        }
        if (i < s.length && s[i] !== ',' && s[i] !== '\n' && !(s[i] === '\r' && s[i + 1] === '\n')) {
          throw new CsvSyntaxError(line, 'text after a closing quote (double a quote inside a quoted cell)');
        }
      } else {
        while (i < s.length && s[i] !== ',' && s[i] !== '\n' && !(s[i] === '\r' && s[i + 1] === '\n')) {
          if (s[i] === '"') throw new CsvSyntaxError(line, 'a quote inside an unquoted cell (quote the whole cell)');
          cell += s[i];
          i++;
        }
      }
      cells.push(cell);
      if (s[i] === ',') { i++; continue; }
      if (s[i] === '\r') i++;
      if (s[i] === '\n') { i++; line++; }
      break;
    }
    // A blank line (one empty cell) is skipped, as spreadsheets leave them at the end.
    if (!(cells.length === 1 && cells[0] === '')) out.push({ line: start, cells });
  }
  return out;
}
