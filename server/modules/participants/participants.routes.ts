import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, InstParam, PagingQuery, SeekPagingQuery } from '../../../contract/common.contract';
import {
  ChildRecord, EthnicityInput, MrnInput, MrnLookupQuery, Patient, PatientCounts, PatientEdit, PatientInput, PatientQuery, PatientRegister, PatientUpdate, PhoneInput, RaceInput,
} from '../../../contract/participants.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import { notFound } from '../../platform/errors';
import { belongsTo, requirePermission } from '../../platform/context';
import * as svc from './participants.service';
import * as children from './participant-children.service';

const id = Id;
const PatientParams = InstParam.extend({ patientId: id });
const ChildParams = PatientParams.extend({ id });
const tags = ['Participants'];
const read = { permission: 'participants.read' as const };
const manage = { permission: 'participants.manage' as const };

export function participantRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);
  const base = '/api/institutions/:instId/patients';

  app.get(base, { config: read, schema: { tags, params: InstParam, querystring: SeekPagingQuery.extend(PatientQuery.shape), response: { 200: z.array(Patient) } } },
    async (req, reply) => sendPage(reply, req.query, await svc.listPatients(ctx(req), req.query, req.query)));
  app.get(`${base}/count`, { config: read, schema: { tags, params: InstParam, response: { 200: PatientCounts } } },
    async (req) => svc.countPatients(ctx(req)));
  app.get(`${base}/:patientId`, { config: read, schema: { tags, params: PatientParams, response: { 200: Patient } } },
    async (req) => (await svc.getPatient(ctx(req), req.params.patientId)));
  app.post(base, { config: manage, schema: { tags, params: InstParam, body: PatientInput, response: { 201: Patient } } },
    async (req, reply) => reply.status(201).send((await svc.createPatient(ctx(req), req.body))));
  app.post(`${base}/register`, { config: manage, schema: { tags, params: InstParam, body: PatientRegister, response: { 201: Patient } } },
    async (req, reply) => reply.status(201).send((await svc.registerPatient(ctx(req), req.body))));
  app.put(`${base}/:patientId`, { config: manage, schema: { tags, params: PatientParams, body: PatientUpdate, response: { 200: Patient } } },
    async (req) => (await svc.updatePatient(ctx(req), req.params.patientId, req.body)));
  // Issue 28: Edit a Participant as one save (fields and child records; docs/spec-deviations.md).
  app.put(`${base}/:patientId/edit`, { config: manage, schema: { tags, params: PatientParams, body: PatientEdit, response: { 200: Patient } } },
    async (req) => (await svc.editPatient(ctx(req), req.params.patientId, req.body)));

  // spec 1 §7: GET institutions/patientMRNs?institutionId&mrn (no institution in the path: checked here).
  app.get('/api/institutions/patientMRNs', {
    config: read,
    schema: { tags, querystring: MrnLookupQuery, response: { 200: z.array(z.object({ id: z.number(), mrn: z.string().nullable(), patient: Patient })) } },
  }, async (req) => {
    const c = ctx(req);
    if (!belongsTo(c.account, req.query.institutionId)) throw notFound('Institution');
    requirePermission(c, 'participants.read', req.query.institutionId);
    const page = await svc.listPatients({ ...c, institutionId: req.query.institutionId }, { pageNumber: 1, pageSize: 50 }, { mrn: req.query.mrn });
    return page.rows.map((p) => ({ id: p.id, mrn: p.patientMRN, patient: p }));
  });

  const child = <S extends z.ZodType>(segment: children.KindName, body: S, toChildren: (b: z.infer<S>) => [Parameters<typeof children.addChild>[3], string | number | undefined]) => {
    const path = `${base}/:patientId/${segment}`;
    app.get(path, { config: read, schema: { tags, params: PatientParams, querystring: PagingQuery, response: { 200: z.array(ChildRecord) } } },
      async (req, reply) => sendPage(reply, req.query, await children.listChildren(ctx(req), segment, req.params.patientId, req.query)));
    app.post(path, { config: manage, schema: { tags, params: PatientParams, body, response: { 201: ChildRecord } } },
      async (req, reply) => {
        const [c, value] = toChildren(req.body as z.infer<S>);
        return reply.status(201).send((await children.addChild(ctx(req), segment, req.params.patientId, c, value)));
      });
    app.post(`${path}/:id/disable`, { config: manage, schema: { tags, params: ChildParams, response: { 200: ChildRecord } } },
      async (req) => (await children.disableChild(ctx(req), segment, req.params.patientId, req.params.id)));
  };
  child('patientMRNs', MrnInput, (b) => [{ mrns: [{ mrn: b.mrn, institutionSiteId: b.institutionSiteId }] }, undefined]);
  child('patientRaces', RaceInput, (b) => [{ races: [b.raceId] }, b.raceId]);
  child('patientEthnicities', EthnicityInput, (b) => [{ ethnicities: [b.ethnicityId] }, b.ethnicityId]);
  child('patientPhoneNumbers', PhoneInput, (b) => [{ phones: [{ phoneNumber: b.phoneNumber, phoneNumberTypeId: b.phoneNumberTypeId, institutionSiteId: b.institutionSiteId }] }, b.phoneNumber]);
}
