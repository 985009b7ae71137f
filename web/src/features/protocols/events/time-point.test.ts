import { describe, expect, it } from 'vitest';
import { timePoint } from './time-point';

const at = (eventPoint: number, title: string | null) =>
  timePoint({ eventPoint, unit: title === null ? null : { id: 1, title } });

describe('timePoint', () => {
  it('says the event point in words, before or after enrolment', () => {
    expect(at(0, 'Day')).toBe('At enrolment');
    expect(at(1, 'Week')).toBe('1 week after enrolment');
    expect(at(-3, 'Day')).toBe('3 days before enrolment');
    expect(at(2.5, 'Hour')).toBe('2.5 hours after enrolment');
    expect(at(1500, 'Minutes')).toBe('1,500 minutes after enrolment');
  });

  it('shows the bare number when the event has no unit', () => {
    expect(at(-3, null)).toBe('-3');
  });
});
