import { describe, expect, it } from 'vitest';
import {
  boxPositions,
  labelOf,
  labelingOf,
  ordinalOf,
  schemaKindOf,
  twoDimensionalLabel,
  type Layout,
} from './position-labels';

const codes = (l: Partial<Layout>) =>
  boxPositions({
    rows: 8,
    columns: 12,
    labeling: 'two_dimensional',
    rowKind: 'letters_upper',
    columnKind: 'numbers',
    fill: 'row',
    ...l,
  }).map((p) => p.code);

describe('labels of each schema', () => {
  it('numbers count from 1', () => {
    expect([1, 2, 10, 96, 10000].map((n) => labelOf('numbers', n))).toEqual(['1', '2', '10', '96', '10000']);
  });
  it('letters run A..Z then AA, AB like spreadsheet columns (no label repeats)', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map((n) => labelOf('letters_upper', n))).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect([1, 26, 27, 100].map((n) => labelOf('letters_lower', n))).toEqual(['a', 'z', 'aa', 'cv']);
    const all = Array.from({ length: 10000 }, (_, i) => labelOf('letters_upper', i + 1));
    expect(new Set(all).size).toBe(10000);
  });
  it('roman numerals upper and lower case; past 3999 the thousands repeat', () => {
    expect(Array.from({ length: 12 }, (_, i) => labelOf('roman_upper', i + 1))).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      'VI',
      'VII',
      'VIII',
      'IX',
      'X',
      'XI',
      'XII',
    ]);
    expect(Array.from({ length: 12 }, (_, i) => labelOf('roman_lower', i + 1)).join(' ')).toBe(
      'i ii iii iv v vi vii viii ix x xi xii',
    );
    expect([40, 90, 99, 400, 1994, 3999, 4000, 10000].map((n) => labelOf('roman_upper', n))).toEqual([
      'XL',
      'XC',
      'XCIX',
      'CD',
      'MCMXCIV',
      'MMMCMXCIX',
      'MMMM',
      'MMMMMMMMMM',
    ]);
  });
  it('refuses an index below 1', () => {
    expect(() => labelOf('numbers', 0)).toThrow(RangeError);
    expect(() => labelOf('letters_upper', 1.5)).toThrow(RangeError);
  });
});

describe('two-dimensional labels', () => {
  it('row label then column label; a separator only when both come from one character set', () => {
    expect(twoDimensionalLabel('letters_upper', 'numbers', 8, 12)).toBe('H12');
    expect(twoDimensionalLabel('numbers', 'letters_upper', 12, 8)).toBe('12H');
    expect(twoDimensionalLabel('numbers', 'numbers', 1, 12)).toBe('1-12');
    expect(twoDimensionalLabel('roman_upper', 'numbers', 4, 3)).toBe('IV3');
    expect(twoDimensionalLabel('roman_upper', 'roman_lower', 12, 12)).toBe('XIIxii');
    expect(twoDimensionalLabel('roman_upper', 'letters_upper', 1, 5)).toBe('I-E');
    expect(twoDimensionalLabel('letters_lower', 'roman_lower', 1, 1)).toBe('a-i');
    expect(twoDimensionalLabel('letters_upper', 'letters_lower', 27, 2)).toBe('AAb');
  });
  it('every pair of schemas gives unique labels in a 100 x 100 box', () => {
    const kinds = ['numbers', 'letters_upper', 'letters_lower', 'roman_upper', 'roman_lower'] as const;
    for (const rowKind of kinds) {
      for (const columnKind of kinds) {
        const all = codes({ rows: 100, columns: 100, rowKind, columnKind });
        expect(new Set(all).size, `${rowKind} x ${columnKind}`).toBe(10000);
      }
    }
  });
});

describe('fill order', () => {
  it('row-major runs along a row first: A1, A2 .. A12, B1', () => {
    const all = codes({ fill: 'row' });
    expect(all.slice(0, 13)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11', 'A12', 'B1']);
    expect(all.at(-1)).toBe('H12');
    expect(all).toHaveLength(96);
  });
  it('column-major runs down a column first: A1, B1 .. H1, A2', () => {
    const all = codes({ fill: 'column' });
    expect(all.slice(0, 9)).toEqual(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1', 'A2']);
    expect(all.at(-1)).toBe('H12');
  });
  it('ordinals are 1..rows x columns in fill order and keep the grid', () => {
    expect(ordinalOf('row', 8, 12, 2, 1)).toBe(13);
    expect(ordinalOf('column', 8, 12, 1, 2)).toBe(9);
    const cells = boxPositions({
      rows: 2,
      columns: 3,
      labeling: 'two_dimensional',
      rowKind: 'letters_upper',
      columnKind: 'numbers',
      fill: 'column',
    });
    expect(cells.map((c) => [c.ordinal, c.rowIndex, c.columnIndex, c.code])).toEqual([
      [1, 1, 1, 'A1'],
      [2, 2, 1, 'B1'],
      [3, 1, 2, 'A2'],
      [4, 2, 2, 'B2'],
      [5, 1, 3, 'A3'],
      [6, 2, 3, 'B3'],
    ]);
  });
});

describe('linear labels', () => {
  it('one running label in fill order from the row schema: Numbers 1..96', () => {
    const row = boxPositions({
      rows: 8,
      columns: 12,
      labeling: 'linear',
      rowKind: 'numbers',
      columnKind: null,
      fill: 'row',
    });
    expect(row.map((p) => p.code)).toEqual(Array.from({ length: 96 }, (_, i) => String(i + 1)));
    expect(row[12]).toMatchObject({ code: '13', rowIndex: 2, columnIndex: 1 });
    const column = boxPositions({
      rows: 8,
      columns: 12,
      labeling: 'linear',
      rowKind: 'numbers',
      columnKind: null,
      fill: 'column',
    });
    expect(column[8]).toMatchObject({ code: '9', rowIndex: 1, columnIndex: 2 });
  });
  it('letters and roman numerals: A..Z, AA; i..xii', () => {
    expect(codes({ rows: 1, columns: 28, labeling: 'linear', columnKind: null }).slice(24)).toEqual([
      'Y',
      'Z',
      'AA',
      'AB',
    ]);
    expect(codes({ rows: 12, columns: 1, labeling: 'linear', rowKind: 'roman_lower', columnKind: null })).toEqual([
      'i',
      'ii',
      'iii',
      'iv',
      'v',
      'vi',
      'vii',
      'viii',
      'ix',
      'x',
      'xi',
      'xii',
    ]);
    expect(
      codes({ rows: 3, columns: 1, labeling: 'linear', rowKind: 'roman_upper', columnKind: null, fill: 'column' }),
    ).toEqual(['I', 'II', 'III']);
    expect(codes({ rows: 1, columns: 3, labeling: 'linear', rowKind: 'letters_lower', columnKind: null })).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('which rule a lookup record stands for', () => {
  it('schemas by title (any case), else by abbreviation (case matters)', () => {
    expect(schemaKindOf({ title: 'Letters Upper Case', abbreviation: 'A' })).toBe('letters_upper');
    expect(schemaKindOf({ title: 'roman lower case' })).toBe('roman_lower');
    expect(schemaKindOf({ title: 'Our letters', abbreviation: 'a' })).toBe('letters_lower');
    expect(schemaKindOf({ title: 'Zahlen', abbreviation: '1' })).toBe('numbers');
    expect(schemaKindOf({ title: 'Greek', abbreviation: 'α' })).toBeNull();
  });
  it('position labeling options', () => {
    expect(labelingOf({ title: 'Linear', abbreviation: 'L' })).toBe('linear');
    expect(labelingOf({ title: 'Two Dimensional', abbreviation: '2D' })).toBe('two_dimensional');
    expect(labelingOf({ title: 'two-dimensional' })).toBe('two_dimensional');
    expect(labelingOf({ title: 'Spiral', abbreviation: 'S' })).toBeNull();
  });
});
