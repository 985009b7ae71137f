// Rack-scanner CSV files (docs/storage.md "Rack-scanner reconcile"), pure: no database.
// Ziath DataPaq: header lines, then `Tube Position,Tube Barcode` (or `Position,Barcode`) and one line per tube.
// FluidX / Azenta: `TubeRack,Position,Barcode` or `Rack ID, Position, Tube Code`; `NO READ`, `NOTUBE` or
// empty for no tube. Plain: `position,barcode` with no header (a third column, a rack id, may come first).

export type ScanKind = 'tube' | 'empty' | 'noRead';
export interface ScanRow {
  line: number;
  position: string;
  barcode: string | null;
  kind: ScanKind;
}
export interface ScanError {
  line: number;
  message: string;
}
export type ScanLayout = 'header' | 'plain';
export interface ParsedScan {
  layout: ScanLayout;
  rows: ScanRow[];
  errors: ScanError[];
}

/** Lines a scan may hold (a 100 x 100 box plus a header). */
export const MAX_SCAN_LINES = 10_100;

const NO_TUBE = /^(no ?tube|notube|no_tube|empty|none|-)$/i;
const NO_READ = /^(no ?read|noread|no_read|error|failed|unreadable|\?+)$/i;
const POSITION_HEADER = /^(tube ?)?(position|pos|well|location)$/i;
const BARCODE_HEADER = /^(tube ?)?(barcode|code|id)$/i;
/** A scanner's position: row letters then column digits (A01, A1, h12, AA3). */
export const SCANNER_POSITION = /^([A-Za-z]{1,3}) ?0*(\d{1,3})$/;

/** One CSV line's cells: comma, semicolon or tab separated, double quotes as RFC 4180 has them. */
export function splitCells(line: string): string[] {
  const sep = line.includes('\t') ? '\t' : !line.includes(',') && line.includes(';') ? ';' : ',';
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (ch === sep) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

const normalizeHeader = (cell: string) => cell.replace(/[_\s]+/g, ' ').trim();

/** The position and barcode columns of a header line, or null when the line is no header. */
function headerColumns(cells: string[]) {
  const norm = cells.map(normalizeHeader);
  const position = norm.findIndex((c) => POSITION_HEADER.test(c));
  const barcode = norm.findIndex((c, i) => i !== position && BARCODE_HEADER.test(c) && !/^(rack|tube ?rack)/i.test(c));
  return position >= 0 && barcode >= 0 ? { position, barcode } : null;
}

function tubeOf(raw: string | undefined): { barcode: string | null; kind: ScanKind } {
  const value = (raw ?? '').trim();
  if (!value || NO_TUBE.test(value)) return { barcode: null, kind: 'empty' };
  if (NO_READ.test(value)) return { barcode: null, kind: 'noRead' };
  return { barcode: value, kind: 'tube' };
}

const hasControl = (s: string) =>
  [...s].some((ch) => {
    const c = ch.charCodeAt(0);
    return c < 32 || c === 127;
  });

/**
 * Reads a scan: finds a header line (anything before it is the scanner's own header and is skipped),
 * else reads every line as `position,barcode` (or `rack,position,barcode` when the second cell is the
 * position). Lines are numbered from 1 as an editor shows them; blank lines are skipped.
 */
export function parseRackScan(text: string): ParsedScan {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const errors: ScanError[] = [];
  const rows: ScanRow[] = [];
  if (lines.length > MAX_SCAN_LINES)
    return {
      layout: 'plain',
      rows,
      errors: [{ line: MAX_SCAN_LINES + 1, message: `A scan has at most ${MAX_SCAN_LINES} lines.` }],
    };
  const cellsOf = lines.map((l) => (l.trim() ? splitCells(l) : null));
  const headerAt = cellsOf.findIndex((c) => c !== null && headerColumns(c) !== null);
  const header = headerAt >= 0 ? headerColumns(cellsOf[headerAt]!) : null;
  // No header, three or more cells: FluidX's rack, position, tube when the first cell is no position or is
  // the same on every line (the rack's id, e.g. RK1, may look like a position).
  const wide = cellsOf.filter((c): c is string[] => c !== null && c.length >= 3);
  const rackFirst =
    !header &&
    wide.length > 0 &&
    wide.every((c) => SCANNER_POSITION.test(c[1])) &&
    (wide.every((c) => !SCANNER_POSITION.test(c[0])) || (wide.length > 1 && wide.every((c) => c[0] === wide[0][0])));
  for (const [i, cells] of cellsOf.entries()) {
    if (!cells || (header && i <= headerAt)) continue;
    const line = i + 1;
    if (hasControl(lines[i].replace(/\t/g, ''))) {
      errors.push({ line, message: 'The line holds control characters.' });
      continue;
    }
    let position: string | undefined;
    let barcode: string | undefined;
    if (header) {
      position = cells[header.position];
      barcode = cells[header.barcode];
      if (position === undefined) {
        errors.push({ line, message: 'The line has no position column.' });
        continue;
      }
    } else if (rackFirst && cells.length >= 3) {
      [, position, barcode] = cells; // FluidX without its header: rack, position, tube
    } else {
      [position, barcode] = cells;
    }
    if (!position) {
      errors.push({ line, message: 'The position is empty.' });
      continue;
    }
    if (position.length > 20) {
      errors.push({ line, message: `"${position.slice(0, 20)}…" is no position.` });
      continue;
    }
    if (barcode && barcode.length > 100) {
      errors.push({ line, message: 'The barcode is longer than 100 characters.' });
      continue;
    }
    rows.push({ line, position, ...tubeOf(barcode) });
  }
  return { layout: header ? 'header' : 'plain', rows, errors };
}

/** Letters as a spreadsheet column reads them: A = 1, Z = 26, AA = 27. */
export function lettersToIndex(letters: string) {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
