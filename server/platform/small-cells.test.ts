import { describe, expect, it } from 'vitest';
import { CellCount } from '../../contract/research.contract';
import { cellCount, complementaryWithheld, smallCellMin } from './small-cells';
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

  it('withholds the smallest other group when exactly one group is small, so it cannot be worked out by subtraction', () => {
    const g = (label: string, n: number) => ({ label, n });
    const labels = (groups: { label: string; n: number }[]) =>
      [...complementaryWithheld(groups, 5)].map((x) => x.label);
    // One small group (3): with the total (30) and the others shown it would be 30 - 12 - 15; 'b' (12) goes too.
    expect(labels([g('a', 15), g('b', 12), g('c', 3)])).toEqual(['b']);
    // A tie on size is broken by label, so the same table always withholds the same group.
    expect(labels([g('z', 8), g('y', 8), g('c', 1)])).toEqual(['y']);
    // Two small groups: only their sum is learnable; none small, or nothing else to withhold: nothing more.
    expect(labels([g('a', 15), g('b', 2), g('c', 3)])).toEqual([]);
    expect(labels([g('a', 15), g('b', 12)])).toEqual([]);
    expect(labels([g('a', 3)])).toEqual([]);
    // Empty groups are not groups.
    expect(labels([g('a', 15), g('b', 0), g('c', 4)])).toEqual(['a']);
  });
});
