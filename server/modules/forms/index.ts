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
/** Issue 32 item 3: the research catalogue's counts of shareable questionnaires' list answers. */
export { shareableAnswerCounts } from './research.repository';
