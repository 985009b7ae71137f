import { defineErrors } from '../../platform/errors';

/** The FHIR export's errors: code `fhir.<key>`, status, human title. They leave as problem+json like every other error (docs/fhir.md). */
export const fhirErrors = defineErrors('fhir', {
  /** `type` is a FHIR resource type (Patient, Specimen): a name of the standard, the same in every language. */
  not_found: {
    status: 404,
    title: (type: string) => `${type} not found.`,
    text: (type: string) => ({ values: { type } }),
  },
  too_large: {
    status: 413,
    title: (max: number) =>
      `The bundle would hold more than ${max.toLocaleString('en')} entries: export the participants one by one instead.`,
    text: (max: number) => ({ values: { max } }),
  },
  signatures_too_large: {
    status: 413,
    title: (mb: number) =>
      `The consents' signature images would exceed ${mb} MB in one bundle: export the participants one by one instead.`,
    text: (mb: number) => ({ values: { mb } }),
  },
});
