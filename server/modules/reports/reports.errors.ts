import { defineErrors } from '../../platform/errors';
import { MAX_REPORT_DAYS } from '../../../contract/reports.contract';

/** The reports module's errors: code `reports.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const reportErrors = defineErrors('reports', {
  range_reversed: {
    status: 400,
    title: (from: string, to: string) => `The report cannot end (${to}) before it starts (${from}).`,
    text: (from: string, to: string) => ({ values: { from, to } }),
  },
  range_too_long: {
    status: 400,
    title: (days: number) =>
      `A report covers at most ${MAX_REPORT_DAYS} days; these dates span ${days}. Choose a shorter range.`,
    text: (days: number) => ({ values: { max: MAX_REPORT_DAYS, days } }),
  },
  panel_not_found: { status: 404, title: 'Panel not found.' },
});
