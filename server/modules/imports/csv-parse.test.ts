import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv-parse';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain records with CRLF or LF and drops a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2\n3,\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
      { line: 3, cells: ['3', ''] },
    ]);
  });
  it('reads quoted cells with commas, doubled quotes and embedded line breaks, and keeps the starting line', () => {
    const recs = parseCsv('x,y\r\n"a, b","say ""hi"""\r\n"two\r\nlines",z\r\nlast,1');
    expect(recs).toEqual([
      { line: 1, cells: ['x', 'y'] },
      { line: 2, cells: ['a, b', 'say "hi"'] },
      { line: 3, cells: ['two\r\nlines', 'z'] },
      { line: 5, cells: ['last', '1'] },
    ]);
  });
  it('skips blank lines but counts them', () => {
    expect(parseCsv('a\n\nb\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 3, cells: ['b'] },
    ]);
  });
  it('refuses an unclosed quote, text after a closing quote and a bare quote, naming the line', () => {
    expect(() => parseCsv('a\n"open')).toThrow(new CsvSyntaxError(2, 'a quoted cell is not closed'));
    expect(() => parseCsv('a\n"x"y,1')).toThrow(/Line 2: text after a closing quote/);
    expect(() => parseCsv('a\nx"y')).toThrow(/Line 2: a quote inside an unquoted cell/);
  });
  it('keeps empty quoted cells and a trailing empty cell', () => {
    expect(parseCsv('"",a,')).toEqual([{ line: 1, cells: ['', 'a', ''] }]);
  });
});
