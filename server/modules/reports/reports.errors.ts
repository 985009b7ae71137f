import { defineErrors } from '../../platform/errors';
import { MAX_REPORT_DAYS } from '../../../contract/reports.contract';

/** The reports module's errors: code `reports.<key>`, status, human title. */
export const reportErrors = defineErrors('reports', {
  range_reversed: {
    status: 400,
    title: (from: string, to: string) => `The report cannot end (${to}) before it starts (${from}).`,
  },
  range_too_long: {
    status: 400,
    title: (days: number) =>
      `A report covers at most ${MAX_REPORT_DAYS} days; these dates span ${days}. Choose a shorter range.`,
  },
  panel_not_found: { status: 404, title: 'Panel not found.' },
});
