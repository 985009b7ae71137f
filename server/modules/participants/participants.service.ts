import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PatientEdit, PatientInput, PatientRegister } from '../../../contract/participants.contract';
import type { SeekPagingQuery } from '../../../contract/common.contract';
import { type Ctx, belongsTo, instOf, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { cheapCount } from '../../platform/counts';
import { updateStamped } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { patients } from './participants.table';
import { byMrn, byPhone, searchPatients } from './participants.search';
import { addChildren, checkPatientFields, type Children } from './participant-rules';
import { syncChildren } from './participant-children.service';
import { qualified } from '../../platform/qualified';

const refs = () => [
  lookupJoin('gender', 'genders', patients.genderId),
  lookupJoin('maritalStatus', 'maritalStatuses', patients.maritalStatusId),
  lookupJoin('vitalStatus', 'vitalStatuses', patients.vitalStatusId),
  lookupJoin('patientType', 'patientTypes', patients.patientTypeId),
];
const extra = {
  patientMRN: sql<string | null>`(select m.mrn from patient_mrns m where m.patient_id = ${qualified(patients.id)} and m.institution_site_id is null and m.is_enabled order by m.id limit 1)`,
  phoneNumber: sql<string | null>`(select ph.phone_number from patient_phone_numbers ph where ph.patient_id = ${qualified(patients.id)} and ph.is_enabled order by ph.id limit 1)`,
};

export interface PatientFilters { phoneNumber?: string; mrn?: string }

export async function listPatients(ctx: Ctx, q: SeekPagingQuery, f: PatientFilters = {}) {
  const inst = instOf(ctx);
  const parts: SQL[] = [eq(patients.institutionId, inst)];
  if (q.isEnabled !== undefined) parts.push(eq(patients.isEnabled, q.isEnabled));
  if (q.searchTerm) parts.push(searchPatients(inst, q.searchTerm));
  if (f.phoneNumber) parts.push(byPhone(inst, f.phoneNumber));
  if (f.mrn) parts.push(byMrn(inst, f.mrn));
  return selectRecords(ctx.db, patients, { where: and(...parts), byId: { desc: true, after: q.after }, limit: q.pageSize, offset: offsetOf(q), refs: refs(), extra });
}

/** spec 1 §7 GET institutions/patientMRNs?institutionId&mrn: the institution is in the query, so checked here. */
export async function patientsByMrn(ctx: Ctx, institutionId: number, mrn: string) {
  if (!belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  requirePermission(ctx, 'participants.read', institutionId);
  const page = await listPatients({ ...ctx, institutionId }, { pageNumber: 1, pageSize: 50 }, { mrn });
  return page.rows.map((p) => ({ id: p.id, mrn: p.patientMRN, patient: p }));
}

/** The dashboard count: exact up to 10,000, above it the planner's estimate (isEstimate; platform/counts.ts). */
export async function countPatients(ctx: Ctx) {
  return cheapCount(ctx.db, () => ctx.db.select({ id: patients.id }).from(patients).where(and(eq(patients.institutionId, instOf(ctx)), eq(patients.isEnabled, true))).$dynamic());
}

export async function getPatient(ctx: Ctx, id: number, db: Db = ctx.db) {
  const page = await selectRecords(db, patients, { where: and(eq(patients.id, id), eq(patients.institutionId, instOf(ctx))), orderBy: patients.id, limit: 1, refs: refs(), extra });
  if (!page.rows[0]) throw notFound('Participant');
  return page.rows[0];
}

export const patientValues = (p: ReturnType<typeof normalised>) => ({
  firstName: p.firstName, fatherName: p.fatherName, grandFatherName: p.grandFatherName,
  birthDate: p.birthDate, birthTime: p.birthTime.slice(0, 5), deathDate: p.deathDate,
  socialSecurityNumber: p.socialSecurityNumber, externalSubjectId: p.externalSubjectId,
  patientTypeId: Number(p.patientTypeId), genderId: Number(p.genderId), maritalStatusId: Number(p.maritalStatusId),
  vitalStatusId: Number(p.vitalStatusId), institutionSiteId: p.institutionSiteId ?? null,
});
export const normalised = (p: PatientInput) => p as Required<{ [K in keyof PatientInput]: NonNullable<PatientInput[K]> }> & { deathDate: string | null; socialSecurityNumber: string | null; externalSubjectId: string | null; institutionSiteId: number | null };

/** The child records a register or edit command lists (site MRNs: only rows with both site and MRN; ids once each). */
function childSetsOf(input: Pick<PatientRegister, 'siteMrns' | 'races' | 'ethnicities' | 'phoneNumbers'>): Children {
  return {
    mrns: (input.siteMrns ?? []).filter((r) => r.mrn && r.institutionSiteId).map((r) => ({ mrn: String(r.mrn), institutionSiteId: Number(r.institutionSiteId) })),
    races: [...new Set((input.races ?? []).map(Number))],
    ethnicities: [...new Set((input.ethnicities ?? []).map(Number))],
    phones: (input.phoneNumbers ?? []).map((ph) => ({ phoneNumber: ph.phoneNumber, phoneNumberTypeId: Number(ph.phoneNumberTypeId), institutionSiteId: ph.institutionSiteId ? Number(ph.institutionSiteId) : null })),
  };
}

/** Registers a participant with MRNs, races, ethnicities and phone numbers: all saved or nothing (ARCHITECTURE §3). */
export async function registerPatient(ctx: Ctx, input: PatientRegister) {
  requirePermission(ctx, 'participants.manage');
  const inst = instOf(ctx);
  const id = await ctx.db.transaction(async (tx) => {
    const p = normalised(await checkPatientFields(tx, ctx, input as PatientInput));
    const [row] = await tx.insert(patients).values({ ...patientValues(p), institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id }).returning();
    const sets = childSetsOf(input);
    const children = await addChildren(tx, ctx, row.id, {
      ...sets,
      mrns: [...(p.patientMRN ? [{ mrn: String(p.patientMRN), institutionSiteId: null }] : []), ...sets.mrns],
    }, (i) => `phoneNumbers.${i}.phoneNumber`);
    await audit(tx, ctx, { entity: 'patient', entityId: row.id, action: 'create', after: { ...row, ...children } });
    return row.id;
  });
  return getPatient(ctx, id);
}

/** spec 1 §7 POST patients: the participant alone (its main MRN too, when given); children follow as separate posts. */
export async function createPatient(ctx: Ctx, input: PatientInput) {
  requirePermission(ctx, 'participants.manage');
  const inst = instOf(ctx);
  const id = await ctx.db.transaction(async (tx) => {
    const p = normalised(await checkPatientFields(tx, ctx, input));
    const [row] = await tx.insert(patients).values({ ...patientValues(p), institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id }).returning();
    const children = await addChildren(tx, ctx, row.id, { mrns: p.patientMRN ? [{ mrn: String(p.patientMRN), institutionSiteId: null }] : [], races: [], ethnicities: [], phones: [] });
    await audit(tx, ctx, { entity: 'patient', entityId: row.id, action: 'create', after: { ...row, ...children } });
    return row.id;
  });
  return getPatient(ctx, id);
}

/**
 * Edit: the MRN is read-only here (spec 1 §2). The spec's PUT changes the fields only; the one-save edit
 * (issue 28) passes `children` too, made so in the same transaction.
 */
export async function updatePatient(ctx: Ctx, id: number, input: PatientInput & { concurrencyStamp: string }, children?: Children) {
  requirePermission(ctx, 'participants.manage');
  const inst = instOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(patients).where(and(eq(patients.id, id), eq(patients.institutionId, inst))).limit(1);
    if (!current) throw notFound('Participant');
    const p = normalised(await checkPatientFields(tx, ctx, input, current));
    const { before, after } = await updateStamped(tx, patients, eq(patients.institutionId, inst), id, input.concurrencyStamp, patientValues(p), 'Participant');
    await audit(tx, ctx, { entity: 'patient', entityId: id, action: 'update', before, after });
    if (children) await syncChildren(tx, ctx, id, children);
  });
  return getPatient(ctx, id);
}

/**
 * Edit a Participant as one save (issue 28): the fields (with the concurrency stamp) and the child records
 * as the form shows them, in one transaction; nothing of it is saved before Submit, so Discard drops all.
 */
export async function editPatient(ctx: Ctx, id: number, input: PatientEdit) {
  return updatePatient(ctx, id, { ...(input as PatientInput), concurrencyStamp: String(input.concurrencyStamp) }, childSetsOf(input));
}
