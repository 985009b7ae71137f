// The forms module's public surface for other modules (the FHIR export): they never read its tables.
export {
  type ExportAnswer,
  type ExportField,
  exportForms,
  exportFormsQuery,
  exportSubmissions,
  exportSubmissionsQuery,
  formIdsOfPatients,
} from './fhir.repository';
export { countAnswers } from './forms.repository';
/**
 * Issue 32: the research catalogue's counts of shareable questionnaires' list answers (item 3); the query builder's
 * questionnaire picker and the rule that bounds a researcher's answer criteria to the catalogue's (item 4).
 */
export {
  askableFields,
  askableForm,
  askableForms,
  shareableAnswerCounts,
  unsharedAnswerFields,
} from './research.repository';
