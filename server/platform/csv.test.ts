import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvCell, csvDisposition, csvRecord, FORMULA_TRIGGER } from './csv';

/** What a spreadsheet would take as a formula: a trigger first, also after leading whitespace (OWASP). */
const executable = (cell: string) => /^\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell);

describe('CSV cells (RFC 4180)', () => {
  it('writes RFC 4180 cells: every cell quoted, quotes doubled, CRLF between records', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvRecord(['a', 'b\nc'])).toBe('"a","b\nc"\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });

  it('neutralises every OWASP trigger with a leading apostrophe: =, +, -, @, tab, CR', () => {
    expect(['=1+1', '+1', '@x', '-x', '\tx', '\rx'].map((v) => csvCell(v))).toEqual([
      '"\'=1+1"',
      '"\'+1"',
      '"\'@x"',
      '"\'-x"',
      '"\'\tx"',
      '"\'\rx"',
    ]);
  });

  it('neutralises a string that looks like a number: user text is never exempted (-5, -.5, -2+3+cmd)', () => {
    expect(csvCell('-5')).toBe('"\'-5"');
    expect(csvCell('-.5')).toBe('"\'-.5"');
    expect(csvCell('+5')).toBe('"\'+5"');
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`"'-2+3+cmd|' /C calc'!A0"`);
    expect(csvCell('-1e3')).toBe('"\'-1e3"');
  });

  it('neutralises a trigger after leading spaces, tabs, newlines and other whitespace', () => {
    for (const v of [
      ' =1+1',
      '   @SUM(1)',
      ' -2+3+cmd|x',
      '\n=1',
      '\u00A0=1',
      '\u3000+1',
      ' \t =1',
      '\r\n-1',
      '\u2028=1',
    ]) {
      const cell = csvCell(v);
      expect(cell, JSON.stringify(v)).toBe(`"'${v}"`);
    }
  });

  it('neutralises the full-width forms a spreadsheet may fold to ASCII (＝, ＋, －, ＠)', () => {
    for (const v of ['\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20SUM(1)', ' \uFF1D1']) expect(csvCell(v)).toBe(`"'${v}"`);
  });

  it('leaves ordinary text alone, triggers inside a cell included', () => {
    for (const v of [
      'Almaz',
      'a=b',
      '1+1',
      'x-5',
      "O'Brien",
      '  padded  ',
      'ሰላም',
      '5',
      '0.5',
      '',
      '(-5)',
      '#REF',
      '|cmd',
    ]) {
      expect(csvCell(v)).toBe(`"${v}"`);
    }
  });

  it('writes numbers the server formats as numbers: a negative count stays a number', () => {
    expect([0, 7, -5, -0.5, 1.25, 2147483647].map((n) => csvCell(n))).toEqual([
      '"0"',
      '"7"',
      '"-5"',
      '"-0.5"',
      '"1.25"',
      '"2147483647"',
    ]);
    expect(csvCell(Number.NaN)).toBe('""');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('""');
    expect(csvRecord([-3, '-3'])).toBe('"-3","\'-3"\r\n');
  });

  it('the trigger rule the writer exports is the OWASP one', () => {
    for (const v of ['=', '+', '-', '@', '\t', '\r', ' =', '\u00A0-'])
      expect(FORMULA_TRIGGER.test(v), JSON.stringify(v)).toBe(true);
    for (const v of ['a', '1', ' a', '', "'=1"]) expect(FORMULA_TRIGGER.test(v), JSON.stringify(v)).toBe(false);
  });

  it('round-trips through a real RFC 4180 parser with no cell a spreadsheet would execute', () => {
    const hostile = [
      "-2+3+cmd|' /C calc'!A0",
      '=1+1',
      ' @SUM(1)',
      '\t=1',
      '\r=1',
      '+1',
      '-5',
      'a "q", b',
      'line\nbreak',
      'ok',
    ];
    const text = csvRecord(hostile) + csvRecord(hostile.map((_, i) => -i));
    const [strings, numbers] = parse(text, { relax_quotes: false }) as string[][];
    expect(strings).toHaveLength(hostile.length);
    expect(strings.filter(executable)).toEqual([]);
    expect(strings.map((s) => s.replace(/^'/, ''))).toEqual(hostile);
    expect(numbers).toEqual(hostile.map((_, i) => String(-i)));
  });

  it('names the download after the form', () => {
    expect(csvDisposition('Visit 1/α')).toBe(
      `attachment; filename="Visit 1_.csv"; filename*=UTF-8''Visit%201%2F%CE%B1.csv`,
    );
    expect(csvDisposition('ሰላም')).toMatch(/^attachment; filename="questionnaire.csv"/);
  });
});
