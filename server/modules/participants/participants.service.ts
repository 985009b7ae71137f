import type {
  PatientEdit,
  PatientInput,
  PatientRegister,
  PatientUpdate,
} from '../../../contract/participants.contract';
import type { SeekPagingQuery } from '../../../contract/common.contract';
import { type Ctx, type InstCtx, belongsTo, command, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import {
  countEnabledPatients,
  insertPatient,
  type PatientFilters,
  patientPage,
  patientRecord,
  patientRow,
  updatePatientRow,
} from './participants.repository';
import { readLookups } from '../../platform/lookups/lookup-refs';
import {
  addChildren,
  checkChildren,
  checkPatientFields,
  childLookupChecks,
  type Children,
  patientLookupChecks,
  refuseSkippedMrns,
} from './participant-rules';
import { insertPatientWithChildren } from './participant-children.repository';
import { syncChildren } from './participant-children.service';

export async function listPatients(ctx: InstCtx, q: SeekPagingQuery, f: PatientFilters = {}) {
  return patientPage(ctx.db, ctx.institutionId, q, f, ctx.language);
}

/** spec 1 §7 GET institutions/patientMRNs?institutionId&mrn: the institution is in the query, so checked here. */
export async function patientsByMrn(ctx: Ctx, institutionId: number, mrn: string) {
  if (!belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  // The route has no {instId}: the permission is checked in the institution the query names.
  requirePermission(ctx, 'participants.read', institutionId);
  const page = await listPatients({ ...ctx, institutionId }, { pageNumber: 1, pageSize: 50 }, { mrn });
  return page.rows.map((p) => ({ id: p.id, mrn: p.patientMRN, patient: p }));
}

/** The dashboard count: exact up to 10,000, above it the planner's estimate (isEstimate; platform/counts.ts). */
export async function countPatients(ctx: InstCtx) {
  return countEnabledPatients(ctx.db, ctx.institutionId);
}

export async function getPatient(ctx: InstCtx, id: number, db: Db = ctx.db) {
  const row = await patientRecord(db, ctx.institutionId, id, ctx.language);
  if (!row) throw notFound('Participant');
  return row;
}

/** The stored columns of a parsed participant (the birth time as HH:MM). */
export const patientValues = (p: PatientInput) => ({
  firstName: p.firstName,
  fatherName: p.fatherName,
  grandFatherName: p.grandFatherName,
  birthDate: p.birthDate,
  birthTime: p.birthTime.slice(0, 5),
  deathDate: p.deathDate,
  socialSecurityNumber: p.socialSecurityNumber,
  externalSubjectId: p.externalSubjectId,
  patientTypeId: p.patientTypeId,
  genderId: p.genderId,
  maritalStatusId: p.maritalStatusId,
  vitalStatusId: p.vitalStatusId,
  institutionSiteId: p.institutionSiteId,
});

/** The child records a register or edit command lists (site MRNs: only rows with both site and MRN; ids once each). */
function childSetsOf(input: Pick<PatientRegister, 'siteMrns' | 'races' | 'ethnicities' | 'phoneNumbers'>): Children {
  return {
    mrns: input.siteMrns.flatMap((r) =>
      r.mrn && r.institutionSiteId ? [{ mrn: r.mrn, institutionSiteId: r.institutionSiteId }] : [],
    ),
    races: [...new Set(input.races)],
    ethnicities: [...new Set(input.ethnicities)],
    phones: input.phoneNumbers.map((ph) => ({
      phoneNumber: ph.phoneNumber,
      phoneNumberTypeId: ph.phoneNumberTypeId,
      institutionSiteId: ph.institutionSiteId,
    })),
  };
}

/**
 * Registers a participant with MRNs, races, ethnicities and phone numbers: all saved or nothing (ARCHITECTURE §3).
 * Issue 30: the lookups of the fields and of the child records are read in one statement, every rule checked,
 * then the participant and its child records inserted in one statement; three statements and the audit row.
 */
export async function registerPatient(ctx: InstCtx, input: PatientRegister) {
  const id = await command(ctx, 'participants.manage', async (tx) => {
    const inst = tx.institutionId;
    const sets = childSetsOf(input);
    const read = await readLookups(tx.db, inst, [...patientLookupChecks(input), ...childLookupChecks(sets)]);
    const p = await checkPatientFields(tx.db, tx, input, undefined, read);
    const children: Children = {
      ...sets,
      mrns: [...(p.patientMRN ? [{ mrn: p.patientMRN, institutionSiteId: null }] : []), ...sets.mrns],
    };
    await checkChildren(tx.db, inst, children, (i) => `phoneNumbers.${i}.phoneNumber`, read);
    const by = { creatorId: tx.account.id, enablerId: tx.account.id };
    const made = await insertPatientWithChildren(
      tx.db,
      { ...patientValues(p), institutionId: inst, ...by },
      { institutionId: inst, ...by },
      children,
    );
    await refuseSkippedMrns(tx.db, inst, children.mrns, made.children.mrns);
    const row = made.patient;
    await audit(tx.db, tx, {
      entity: 'patient',
      entityId: Number(row.id),
      action: 'create',
      after: { ...row, ...made.children },
    });
    return Number(row.id);
  });
  return getPatient(ctx, id);
}

/** spec 1 §7 POST patients: the participant alone (its main MRN too, when given); children follow as separate posts. */
export async function createPatient(ctx: InstCtx, input: PatientInput) {
  const id = await command(ctx, 'participants.manage', async (tx) => {
    const p = await checkPatientFields(tx.db, tx, input);
    const row = await insertPatient(tx.db, {
      ...patientValues(p),
      institutionId: tx.institutionId,
      creatorId: tx.account.id,
      enablerId: tx.account.id,
    });
    const children = await addChildren(tx.db, tx, row.id, {
      mrns: p.patientMRN ? [{ mrn: p.patientMRN, institutionSiteId: null }] : [],
      races: [],
      ethnicities: [],
      phones: [],
    });
    await audit(tx.db, tx, { entity: 'patient', entityId: row.id, action: 'create', after: { ...row, ...children } });
    return row.id;
  });
  return getPatient(ctx, id);
}

/**
 * Edit: the MRN is read-only here (spec 1 §2). The spec's PUT changes the fields only; the one-save edit
 * (issue 28) passes `children` too, made so in the same transaction.
 */
export async function updatePatient(ctx: InstCtx, id: number, input: PatientUpdate, children?: Children) {
  const inst = ctx.institutionId;
  await command(ctx, 'participants.manage', async (tx) => {
    const current = await patientRow(tx.db, inst, id);
    if (!current) throw notFound('Participant');
    const p = await checkPatientFields(tx.db, tx, input, current);
    const { before, after } = await updatePatientRow(tx.db, inst, id, input.concurrencyStamp, patientValues(p));
    await audit(tx.db, tx, { entity: 'patient', entityId: id, action: 'update', before, after });
    if (children) await syncChildren(tx.db, tx, id, children);
  });
  return getPatient(ctx, id);
}

/**
 * Edit a Participant as one save (issue 28): the fields (with the concurrency stamp) and the child records
 * as the form shows them, in one transaction; nothing of it is saved before Submit, so Discard drops all.
 */
export async function editPatient(ctx: InstCtx, id: number, input: PatientEdit) {
  return updatePatient(ctx, id, input, childSetsOf(input));
}
