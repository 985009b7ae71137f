import { defineErrors } from '../../platform/errors';

/** The orders module's errors: code `orders.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const orderErrors = defineErrors('orders', {
  sample_id_taken: {
    status: 409,
    title: (sampleId: string) => `Sample ID ${sampleId} is already used by another order.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  result_released: {
    status: 409,
    title: (test: string) => `The result of ${test} is released; amend it with a reason to correct it.`,
    text: (test: string) => ({ values: { test } }),
  },
  after_needs_date_sort: {
    status: 400,
    title:
      'After= pages only the list sorted by ordered date; sorted by priority or release state, page with PageNumber.',
  },
  collected_sample_unknown: { status: 400, title: 'The collected sample was not found in this institution.' },
  collected_sample_disabled: {
    status: 409,
    title: (sampleId: string) => `Collected sample ${sampleId} is disabled.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  collected_sample_received: {
    status: 409,
    title: (sampleId: string) =>
      `Collected sample ${sampleId} was received from another institution: it has no participant here, so order its tests from the sample's page (no participant is named).`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  collected_sample_held_elsewhere: {
    status: 409,
    title: (sampleId: string, holder: string) =>
      `Collected sample ${sampleId} was received by ${holder}: it is in their custody, so tests cannot be ordered on it here.`,
    text: (sampleId: string, holder: string) => ({ values: { sampleId, holder } }),
  },
  collected_sample_no_donor: {
    status: 409,
    title: (sampleId: string) =>
      `Collected sample ${sampleId} has neither a participant nor a donor code here, so a lab order cannot name its donor.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  received_consent_blocked: {
    status: 409,
    title: (sampleId: string) =>
      `Collected sample ${sampleId}: its donor's consent at the sending institution does not allow further use, so tests cannot be ordered on it.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  collected_sample_patient: {
    status: 400,
    title: (sampleId: string) =>
      `Collected sample ${sampleId} was collected from another participant: order it for that participant alone.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  already_released: {
    status: 409,
    title: (test: string) => `The result of ${test} is already released.`,
    text: (test: string) => ({ values: { test } }),
  },
  /** Release panel when every test of it is released already. */
  panel_released: { status: 409, title: 'Every test of this panel is already released.' },
  // ---- issue 33, service messages: titles that were bare badRequest(...) in the services ----
  result_not_accepted: {
    status: 400,
    title: (test: string, value: string, choices: readonly string[]) =>
      `${test}: '${value}' is not an accepted value. ${choices.length ? `Choose one of: ${choices.join(', ')}.` : 'The test has no accepted values yet.'}`,
    text: (test: string, value: string, choices: readonly string[]) => ({
      variant: choices.length ? 'choose' : 'none',
      values: { test, value, choices: choices.join(', ') },
    }),
  },
  result_not_number: {
    status: 400,
    title: (test: string) => `${test}: enter a number.`,
    text: (test: string) => ({ values: { test } }),
  },
  release_needs_result: {
    status: 400,
    title: (tests: string) => `Enter a result before releasing: ${tests}.`,
    text: (tests: string) => ({ values: { tests } }),
  },
  amend_unreleased: { status: 400, title: 'Only a released result is amended; save the change instead.' },
  amend_same: { status: 400, title: 'The amended result is the same as the current one.' },
  panel_disabled: { status: 400, title: 'Choose an enabled panel.' },
  panel_no_tests: {
    status: 400,
    title: (panel: string) => `The panel ${panel} has no tests yet.`,
    text: (panel: string) => ({ values: { panel } }),
  },
  // ---- end of issue 33, service messages ----
});
