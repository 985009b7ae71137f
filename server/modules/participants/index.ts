// The participants module's public surface: lookups by MRN, summaries, the export and the import's checks.
export {
  assertPatientIds,
  byMrn,
  type ExportPatient,
  exportPatients,
  exportPatientsQuery,
  hasMrn,
  patientCardQuery,
  patientColumnsOf,
  patientIdByMrn,
  patientIdsMatching,
  type PatientMatch,
  patientNames,
  patientSummaryOf,
} from './participants.repository';
export {
  type CheckedParticipant,
  insertParticipants,
  type MappedRow,
  participantChecker,
} from './participants-import.service';
