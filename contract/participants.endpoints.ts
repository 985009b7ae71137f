import { z } from 'zod';
import { Id, InstParam, PagingQuery, SeekPagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import {
  EthnicityInput, EthnicityRecord, MrnInput, MrnLookupQuery, MrnMatch, MrnRecord, Patient, PatientCounts, PatientEdit, PatientInput, PatientQuery,
  PatientRegister, PatientUpdate, PhoneInput, PhoneRecord, RaceInput, RaceRecord,
} from './participants.contract';

const tags = ['Participants'];
const PatientParams = InstParam.extend({ patientId: Id });
const ChildParams = PatientParams.extend({ id: Id });
const read = 'participants.read';
const manage = 'participants.manage';

/** spec 1 §7: participants (patients) of an institution and their child records. */
export const participantEndpoints = {
  list: endpoint({ method: 'GET', path: '/institutions/:instId/patients', params: InstParam, query: SeekPagingQuery.extend(PatientQuery.shape), response: { 200: z.array(Patient) }, permission: read, paged: true, tags }),
  count: endpoint({ method: 'GET', path: '/institutions/:instId/patients/count', params: InstParam, response: { 200: PatientCounts }, permission: read, tags }),
  get: endpoint({ method: 'GET', path: '/institutions/:instId/patients/:patientId', params: PatientParams, response: { 200: Patient }, permission: read, tags }),
  create: endpoint({ method: 'POST', path: '/institutions/:instId/patients', params: InstParam, body: PatientInput, response: { 201: Patient }, permission: manage, tags }),
  register: endpoint({ method: 'POST', path: '/institutions/:instId/patients/register', params: InstParam, body: PatientRegister, response: { 201: Patient }, permission: manage, tags }),
  update: endpoint({ method: 'PUT', path: '/institutions/:instId/patients/:patientId', params: PatientParams, body: PatientUpdate, response: { 200: Patient }, permission: manage, tags }),
  // Issue 28: Edit a Participant as one save (fields and child records; docs/spec-deviations.md).
  edit: endpoint({ method: 'PUT', path: '/institutions/:instId/patients/:patientId/edit', params: PatientParams, body: PatientEdit, response: { 200: Patient }, permission: manage, tags }),
  // spec 1 §7: GET institutions/patientMRNs?institutionId&mrn (the institution in the query: the service checks it).
  mrnLookup: endpoint({ method: 'GET', path: '/institutions/patientMRNs', query: MrnLookupQuery, response: { 200: z.array(MrnMatch) }, permission: read, tags }),

  mrns: endpoint({ method: 'GET', path: '/institutions/:instId/patients/:patientId/patientMRNs', params: PatientParams, query: PagingQuery, response: { 200: z.array(MrnRecord) }, permission: read, paged: true, tags }),
  addMrn: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientMRNs', params: PatientParams, body: MrnInput, response: { 201: MrnRecord }, permission: manage, tags }),
  disableMrn: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientMRNs/:id/disable', params: ChildParams, response: { 200: MrnRecord }, permission: manage, tags }),
  races: endpoint({ method: 'GET', path: '/institutions/:instId/patients/:patientId/patientRaces', params: PatientParams, query: PagingQuery, response: { 200: z.array(RaceRecord) }, permission: read, paged: true, tags }),
  addRace: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientRaces', params: PatientParams, body: RaceInput, response: { 201: RaceRecord }, permission: manage, tags }),
  disableRace: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientRaces/:id/disable', params: ChildParams, response: { 200: RaceRecord }, permission: manage, tags }),
  ethnicities: endpoint({ method: 'GET', path: '/institutions/:instId/patients/:patientId/patientEthnicities', params: PatientParams, query: PagingQuery, response: { 200: z.array(EthnicityRecord) }, permission: read, paged: true, tags }),
  addEthnicity: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientEthnicities', params: PatientParams, body: EthnicityInput, response: { 201: EthnicityRecord }, permission: manage, tags }),
  disableEthnicity: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientEthnicities/:id/disable', params: ChildParams, response: { 200: EthnicityRecord }, permission: manage, tags }),
  phones: endpoint({ method: 'GET', path: '/institutions/:instId/patients/:patientId/patientPhoneNumbers', params: PatientParams, query: PagingQuery, response: { 200: z.array(PhoneRecord) }, permission: read, paged: true, tags }),
  addPhone: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientPhoneNumbers', params: PatientParams, body: PhoneInput, response: { 201: PhoneRecord }, permission: manage, tags }),
  disablePhone: endpoint({ method: 'POST', path: '/institutions/:instId/patients/:patientId/patientPhoneNumbers/:id/disable', params: ChildParams, response: { 200: PhoneRecord }, permission: manage, tags }),
};
