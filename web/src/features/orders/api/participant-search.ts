// The search is shared with the protocol's enrol form (web/src/lib/patient-search.ts).
export {
  usePatientSearch as useParticipantSearch,
  type PatientSearch as ParticipantSearch,
} from '@/lib/patient-search';
