// Issue 30: a context's institution time zone comes from its session (AuthAccount.timeZones), looked up by the
// context's institution each time; never a silent UTC for an institution the account belongs to.
import { describe, expect, it, vi } from 'vitest';
import { timeIn, todayIn } from './today';
import { timeZoneOf, todayOf, type AuthAccount } from './context';

const account = (isSuperAdmin: boolean, zones: [number, string][]): AuthAccount => ({
  id: 1,
  firstName: 'T',
  lastName: 'T',
  email: 't@lab.test',
  userName: 't@lab.test',
  phoneNumber: null,
  language: null,
  isSuperAdmin,
  memberships: [],
  institutionIds: zones.map(([id]) => id),
  timeZones: new Map(zones),
  sessionId: 1,
});
const now = () => new Date('2026-06-10T12:00:00Z');

describe('timeZoneOf / todayOf', () => {
  it("read the context's institution's zone, also in a context re-aimed at another institution", () => {
    const ctx = {
      account: account(false, [
        [1, 'UTC'],
        [2, 'Pacific/Kiritimati'],
      ]),
      institutionId: 1,
      now,
    };
    expect([timeZoneOf(ctx), todayOf(ctx)]).toEqual(['UTC', '2026-06-10']);
    const other = { ...ctx, institutionId: 2 };
    expect([timeZoneOf(other), todayOf(other)]).toEqual(['Pacific/Kiritimati', '2026-06-11']);
  });

  it('refuse an institution whose zone the session lacks, unless a Super Administrator names one that does not exist', () => {
    expect(() => timeZoneOf({ account: account(false, [[1, 'UTC']]), institutionId: 9 })).toThrow(/no time zone/);
    expect(timeZoneOf({ account: account(true, [[1, 'Africa/Addis_Ababa']]), institutionId: 9 })).toBe('UTC');
  });
});

describe('todayIn and timeIn (issue 30)', () => {
  it('make one formatter per zone and reuse it: the same day and time, no new Intl.DateTimeFormat per call', () => {
    const at = new Date('2026-06-10T22:30:00Z');
    expect(todayIn('Pacific/Kiritimati', at)).toBe('2026-06-11');
    expect(timeIn('Pacific/Kiritimati', at)).toBe('12:30');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(todayIn('Pacific/Kiritimati', at)).toBe('2026-06-11');
      expect(todayIn('Pacific/Kiritimati', new Date('2026-06-10T09:00:00Z'))).toBe('2026-06-10');
      expect(timeIn('Pacific/Kiritimati', at)).toBe('12:30');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(() => todayIn('Not/AZone', at)).toThrow(RangeError);
  });
});
