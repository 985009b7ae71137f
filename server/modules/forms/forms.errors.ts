import { defineErrors } from '../../platform/errors';

/** The forms module's errors: code `forms.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const formErrors = defineErrors('forms', {
  data_type_unknown: {
    status: 400,
    title: (abbreviation: string) =>
      `The data type ${abbreviation} has no field editor: use one with TB, TA, TP, DP, DTP, CB, CBL, RL or SL.`,
    text: (abbreviation: string) => ({ values: { abbreviation } }),
  },
  data_type_change: { status: 400, title: 'A field keeps its data type: add a new field of the other type instead.' },
  options_not_list: { status: 400, title: 'Only checkbox list, radio list and select fields have options.' },
  option_taken: {
    status: 409,
    title: (value: string) => `The option ${value} is already in this field.`,
    text: (value: string) => ({ values: { value } }),
  },
  option_unknown: {
    status: 400,
    title: (id: number) => `Option ${id} is not an enabled option of this field.`,
    text: (id: number) => ({ values: { id } }),
  },
  order_mismatch: { status: 400, title: 'List every enabled field of the form exactly once.' },
  sample_unknown: {
    status: 400,
    title: (sampleId: string) => `${sampleId} is not a collected sample of this participant.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  form_disabled: { status: 409, title: 'This questionnaire is disabled and cannot be filled.' },
  version_changed: {
    status: 409,
    title: (version: number) =>
      `The questionnaire changed while it was being filled (now version ${version}): reload it and fill it again.`,
    text: (version: number) => ({ values: { version } }),
  },
  not_enrolled: { status: 400, title: "The participant is not enrolled in this questionnaire's protocol." },
  answer_twice: {
    status: 400,
    title: (id: number) => `Field ${id} is answered twice.`,
    text: (id: number) => ({ values: { id } }),
  },
  /** The first refused answer ('Prompt: message', or none when a field is not on the form) and how many more. */
  answers_invalid: {
    status: 400,
    title: (first: { prompt: string; message: string } | null, more: number) => {
      const text = first
        ? `${first.prompt}: ${first.message}`
        : 'An answer names a field that is not on the questionnaire';
      return more ? `${text} (and ${more} more)` : text;
    },
    text: (first: { prompt: string; message: string } | null, more: number) => ({
      variant: `${first ? 'answer' : 'unknown_field'}_${more ? 'more' : 'one'}`,
      values: first ? { prompt: first.prompt, answerMessage: first.message, more } : { more },
    }),
  },
  // The spec's per-value call (docs/forms.md "The spec's two calls").
  value_submission: { status: 400, title: 'The answer names another submitted questionnaire than the path.' },
  field_not_on_form: {
    status: 400,
    title: (id: number, version: number) => `Field ${id} is not on this questionnaire (version ${version}).`,
    text: (id: number, version: number) => ({ values: { id, version } }),
  },
  value_exists: {
    status: 409,
    title: (prompt: string) =>
      `${prompt} is already answered in this submitted questionnaire; a submitted answer is not changed.`,
    text: (prompt: string) => ({ values: { prompt } }),
  },
  submission_disabled: { status: 409, title: 'This submitted questionnaire is disabled: no answer can be added.' },
  no_version: {
    status: 404,
    title: (version: number) => `Version ${version} of this questionnaire was never filled.`,
    text: (version: number) => ({ values: { version } }),
  },
});
