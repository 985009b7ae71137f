import { defineErrors } from '../../platform/errors';

/** The indicators module's errors: code `indicators.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const indicatorErrors = defineErrors('indicators', {
  range_too_long: {
    status: 400,
    title: (days: number) => `Choose a date range of at most ${days} days.`,
    text: (days: number) => ({ values: { days } }),
  },
});
