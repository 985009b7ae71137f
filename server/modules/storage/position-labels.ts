// Box position labels from the labeling schemas (pure; docs/storage.md has the rules and examples).

export const SCHEMA_KINDS = ['numbers', 'letters_upper', 'letters_lower', 'roman_upper', 'roman_lower'] as const;
export type SchemaKind = (typeof SCHEMA_KINDS)[number];
export type PositionLabeling = 'linear' | 'two_dimensional';
export type FillOrder = 'row' | 'column';

/** 1 -> A, 26 -> Z, 27 -> AA, 28 -> AB (spreadsheet columns: no zero digit, so no label repeats). */
function letters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
/** Standard Roman numerals; past 3999 the thousands repeat (MMMM = 4000), as a 10,000-position box needs. */
function roman(n: number): string {
  let out = '';
  let k = n;
  for (const [value, glyph] of ROMAN) for (; k >= value; k -= value) out += glyph;
  return out;
}

/** The label of the n-th (1-based) row, column or linear position in a schema. */
export function labelOf(kind: SchemaKind, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`label index must be a whole number from 1, got ${n}`);
  switch (kind) {
    case 'numbers':
      return String(n);
    case 'letters_upper':
      return letters(n);
    case 'letters_lower':
      return letters(n).toLowerCase();
    case 'roman_upper':
      return roman(n);
    case 'roman_lower':
      return roman(n).toLowerCase();
  }
}

/** Digits, upper-case or lower-case letters: two labels of one set would run together ("11" + "1", "I" + "V"). */
const charSet = (kind: SchemaKind) => (kind === 'numbers' ? 'digits' : kind.endsWith('_upper') ? 'upper' : 'lower');
export const SEPARATOR = '-';

/** Row label then column label (A1, b12, IV3); joined by '-' when both come from one character set (1-12, A-C). */
export function twoDimensionalLabel(rowKind: SchemaKind, columnKind: SchemaKind, row: number, column: number) {
  const sep = charSet(rowKind) === charSet(columnKind) ? SEPARATOR : '';
  return `${labelOf(rowKind, row)}${sep}${labelOf(columnKind, column)}`;
}

/** The 1-based place of a cell in fill order: row-major runs along a row first, column-major down a column first. */
export function ordinalOf(fill: FillOrder, rows: number, columns: number, row: number, column: number) {
  return fill === 'row' ? (row - 1) * columns + column : (column - 1) * rows + row;
}

export interface Layout {
  rows: number;
  columns: number;
  labeling: PositionLabeling;
  rowKind: SchemaKind;
  /** Required for two-dimensional labels; ignored for linear ones. */
  columnKind: SchemaKind | null;
  fill: FillOrder;
}

export interface PositionCell {
  rowIndex: number;
  columnIndex: number;
  ordinal: number;
  code: string;
}

/**
 * Every position of a box, in fill order. Linear boxes keep their grid (rows x columns, for the
 * screen) and number the cells with one running label in fill order from the row schema.
 */
export function boxPositions(l: Layout): PositionCell[] {
  if (l.labeling === 'two_dimensional' && !l.columnKind)
    throw new Error('a two-dimensional layout needs a column schema');
  const cells: PositionCell[] = [];
  for (let r = 1; r <= l.rows; r++) {
    for (let c = 1; c <= l.columns; c++) {
      const ordinal = ordinalOf(l.fill, l.rows, l.columns, r, c);
      const code =
        l.labeling === 'linear' ? labelOf(l.rowKind, ordinal) : twoDimensionalLabel(l.rowKind, l.columnKind!, r, c);
      cells.push({ rowIndex: r, columnIndex: c, ordinal, code });
    }
  }
  return cells.sort((a, b) => a.ordinal - b.ordinal);
}

const norm = (s: unknown) => (typeof s === 'string' ? s.trim() : '');
/** Titles and abbreviations of the seeded schemas (reference-data.ts); an institution's renamed copy still matches by abbreviation. */
const SCHEMA_BY_TITLE: Record<string, SchemaKind> = {
  numbers: 'numbers',
  'letters upper case': 'letters_upper',
  'letters lower case': 'letters_lower',
  'roman upper case': 'roman_upper',
  'roman lower case': 'roman_lower',
};
const SCHEMA_BY_ABBREVIATION: Record<string, SchemaKind> = {
  1: 'numbers',
  A: 'letters_upper',
  a: 'letters_lower',
  I: 'roman_upper',
  i: 'roman_lower',
};

/** The rule a labeling schema record stands for: by title (any case), else by abbreviation (case matters: A vs a). */
export function schemaKindOf(row: { title?: unknown; abbreviation?: unknown }): SchemaKind | null {
  return SCHEMA_BY_TITLE[norm(row.title).toLowerCase()] ?? SCHEMA_BY_ABBREVIATION[norm(row.abbreviation)] ?? null;
}

/** The rule a position labeling option record stands for. */
export function labelingOf(row: { title?: unknown; abbreviation?: unknown }): PositionLabeling | null {
  const title = norm(row.title)
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const abbr = norm(row.abbreviation).toUpperCase();
  if (title === 'linear' || abbr === 'L') return 'linear';
  if (title === 'two dimensional' || title === '2d' || abbr === '2D') return 'two_dimensional';
  return null;
}
