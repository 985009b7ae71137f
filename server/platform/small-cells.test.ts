import { describe, expect, it } from 'vitest';
import { CellCount } from '../../contract/research.contract';
import { cellCount, smallCellMin } from './small-cells';
import { loadConfig } from '../config';

describe('small-cell suppression', () => {
  it('answers counts from 1 to min - 1 as "< min", and 0 and min upwards as themselves', () => {
    expect([0, 1, 4, 5, 6, 120].map((n) => cellCount(n, 5))).toEqual([0, '< 5', '< 5', 5, 6, 120]);
    expect(cellCount(9, 10)).toBe('< 10');
    expect(cellCount(1, 1)).toBe(1);
    for (const n of [0, 3, 5]) expect(CellCount.parse(cellCount(n, 5))).toEqual(cellCount(n, 5));
  });

  it('reads SMALL_CELL_MIN, and the server refuses to start with a value that is not 1 to 1000', () => {
    expect(smallCellMin({})).toBe(5);
    expect(smallCellMin({ SMALL_CELL_MIN: '11' })).toBe(11);
    expect(loadConfig({ SMALL_CELL_MIN: '11' }).smallCellMin).toBe(11);
    for (const bad of ['0', '-1', '2.5', 'five', '1001']) {
      expect(() => loadConfig({ SMALL_CELL_MIN: bad })).toThrow(/SMALL_CELL_MIN/);
    }
  });
});
