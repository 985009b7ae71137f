import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { timePoint } from './time-point';

const at = (eventPoint: number, title: string | null, lng = 'en') =>
  timePoint({ eventPoint, unit: title === null ? null : { id: 1, title } }, i18next.getFixedT(lng, 'protocols'));

describe('timePoint', () => {
  it('says the event point in words, before or after enrolment', () => {
    expect(at(0, 'Day')).toBe('At enrolment');
    expect(at(1, 'Week')).toBe('1 week after enrolment');
    expect(at(-3, 'Day')).toBe('3 days before enrolment');
    expect(at(2.5, 'Hour')).toBe('2.5 hours after enrolment');
    expect(at(1500, 'Minutes')).toBe('1,500 minutes after enrolment');
    expect(at(2, 'Visit')).toBe('2 visits after enrolment');
  });

  it('shows the bare number when the event has no unit', () => {
    expect(at(-3, null)).toBe('-3');
  });

  it('says a seeded unit in French', async () => {
    await i18next.changeLanguage('fr');
    try {
      expect(at(0, 'Day', 'fr')).toBe("À l'inclusion");
      expect(at(-3, 'Day', 'fr')).toBe("3 jours avant l'inclusion");
      expect(at(1, 'Week', 'fr')).toBe("1 semaine après l'inclusion");
      expect(at(2.5, 'Hour', 'fr')).toBe("2,5 heures après l'inclusion");
      // Its seeded French title (server/db/seed/reference-data.ts), as the events list answers a French reader.
      expect(at(2, 'An', 'fr')).toBe("2 ans après l'inclusion");
      expect(at(3, 'Mois', 'fr')).toBe("3 mois après l'inclusion");
      expect(at(1, 'Jour', 'fr')).toBe("1 jour après l'inclusion");
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
