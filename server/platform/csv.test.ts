import { describe, expect, it } from 'vitest';
import { csvCell, csvDisposition, csvRecord } from './csv';

describe('CSV cells (RFC 4180)', () => {
  it('writes RFC 4180 cells and neutralises formulas', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe('""');
    expect(['=1+1', '+1', '@x', '-x', '-5', '-.5'].map(csvCell)).toEqual(['"\'=1+1"', '"\'+1"', '"\'@x"', '"\'-x"', '"-5"', '"-.5"']);
    expect(csvRecord(['a', 'b\nc'])).toBe('"a","b\nc"\r\n');
  });

  it('names the download after the form', () => {
    expect(csvDisposition('Visit 1/α')).toBe(`attachment; filename="Visit 1_.csv"; filename*=UTF-8''Visit%201%2F%CE%B1.csv`);
    expect(csvDisposition('ሰላም')).toMatch(/^attachment; filename="questionnaire.csv"/);
  });
});
