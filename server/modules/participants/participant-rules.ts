import { localPhoneProblem, type PatientInput } from '../../../contract/participants.contract';
import { MSG } from '../../../contract/messages';
import type { Ctx, InstCtx } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import type { Db } from '../../db/client';
import { assertLookupIds, type LookupCheck, type LookupsRead } from '../../platform/lookups/lookup-refs';
import { assertSiteIds, usesLocalPhoneRule } from '../institutions';
import { participantErrors } from './participants.errors';
import type { PatientRow } from './participants.repository';
import { insertChildren, mrnHolder, type NewChildren } from './participant-children.repository';

/** The latest calendar date anywhere on earth now (UTC+14), so a local "today" is never in the future. */
export const today = (ctx: Pick<Ctx, 'now'>) =>
  new Date(ctx.now().getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

const isDead = (vitalTitle: unknown) =>
  String(vitalTitle ?? '')
    .trim()
    .toLowerCase() === 'dead';

/**
 * The spec 1 §5 date rules once the vital status title is known, in the order they are reported:
 * no future birth, a death date when dead and none in the future. Shared by the single registration
 * (which throws the first) and the CSV import (which lists them per line).
 */
export function patientDateProblems(
  p: { birthDate?: unknown; deathDate?: unknown },
  vitalTitle: unknown,
  todayIso: string,
) {
  const out: { field: 'birthDate' | 'deathDate'; title: string; message: string }[] = [];
  if (String(p.birthDate) > todayIso)
    out.push({
      field: 'birthDate',
      title: 'Birth date cannot be in the future.',
      message: 'Birth date cannot be in the future',
    });
  const dead = isDead(vitalTitle);
  if (dead && !p.deathDate) out.push({ field: 'deathDate', title: 'Death Date: *required', message: MSG.required });
  else if (dead && String(p.deathDate) > todayIso)
    out.push({
      field: 'deathDate',
      title: 'Death date cannot be in the future.',
      message: 'Death date cannot be in the future',
    });
  return out;
}

/** The lookups a participant's fields name, as checkPatientFields checks them. */
export const patientLookupChecks = (p: PatientInput, current?: PatientRow): LookupCheck[] => [
  { key: 'patientTypes', id: p.patientTypeId, field: 'patientTypeId', previous: current?.patientTypeId },
  { key: 'genders', id: p.genderId, field: 'genderId', previous: current?.genderId },
  { key: 'maritalStatuses', id: p.maritalStatusId, field: 'maritalStatusId', previous: current?.maritalStatusId },
  { key: 'vitalStatuses', id: p.vitalStatusId, field: 'vitalStatusId', previous: current?.vitalStatusId },
];

/** The lookups a participant's new child records name, as addChildren checks them. */
export const childLookupChecks = (c: Children): LookupCheck[] => [
  ...c.races.map((id) => ({ key: 'races', id, field: 'races' })),
  ...c.ethnicities.map((id) => ({ key: 'ethnicities', id, field: 'ethnicities' })),
  ...c.phones.map((ph) => ({ key: 'phoneNumberTypes', id: ph.phoneNumberTypeId, field: 'phoneNumberTypeId' })),
];

/**
 * spec 1 §5 rules that need the database: lookups of this institution, death date only when dead, no future birth.
 * `read`: the lookups read ahead (readLookups), so that no statement is sent for them here.
 */
export async function checkPatientFields(
  tx: Db,
  ctx: InstCtx,
  p: PatientInput,
  current?: PatientRow,
  read?: LookupsRead,
) {
  const inst = ctx.institutionId;
  const rows = await assertLookupIds(tx, inst, patientLookupChecks(p, current), read);
  const problem = patientDateProblems(p, rows.vitalStatusId?.title, today(ctx))[0];
  if (problem) throw badRequest(problem.title, { [problem.field]: [problem.message] });
  const dead = isDead(rows.vitalStatusId?.title);
  if (p.institutionSiteId)
    await assertSites(tx, inst, [p.institutionSiteId], 'institutionSiteId', current?.institutionSiteId);
  return { ...p, deathDate: dead ? p.deathDate : null };
}

/** Sites chosen on a participant: the one reference rule (an unchanged disabled site is kept). */
async function assertSites(tx: Db, inst: number, ids: number[], field: string, previous?: number | null) {
  await assertSiteIds(
    tx,
    inst,
    [...new Set(ids)].map((id) => ({ id, field, previous })),
  );
}

async function assertPhoneRule(
  tx: Db,
  inst: number,
  phones: { phoneNumber: string }[],
  fieldOf: (i: number) => string,
) {
  if (!phones.length) return;
  if (!(await usesLocalPhoneRule(tx, inst))) return;
  phones.forEach((ph, index) => {
    const problem = localPhoneProblem(ph.phoneNumber);
    if (problem) throw participantErrors.phone_rule(problem, { [fieldOf(index)]: [problem] });
  });
}

/**
 * An MRN is unique per site (the main MRN per institution; the unique index `patient_mrns_unique`): the MRNs are
 * inserted skipping a taken one, and only then is its holder read, for the conflict to name the owner's MRN (never
 * their name). One statement fewer than reading every MRN's holder first (issue 30), and a save racing another for
 * the same MRN waits for it on the index and gets this same answer, not a bare unique violation. `added`: the MRN
 * rows the insert answered; when one is missing, the first MRN (in the order given) whose row was skipped is
 * refused (a second copy of one in the same save is skipped too), and the transaction rolls back.
 */
export async function refuseSkippedMrns(
  tx: Db,
  inst: number,
  given: Children['mrns'],
  added: { mrn?: unknown; institutionSiteId?: unknown }[],
) {
  if (added.length >= given.length) return;
  const key = (m: { mrn?: unknown; institutionSiteId?: unknown }) =>
    `${String(m.institutionSiteId ?? 0)}|${String(m.mrn).toLowerCase()}`;
  const inserted = new Set(added.map(key));
  const skipped = given.find((m) => !inserted.delete(key(m))) ?? given[0];
  const holder = await mrnHolder(tx, inst, skipped.mrn, skipped.institutionSiteId);
  throw participantErrors.mrn_taken(skipped.mrn, holder?.mainMrn ?? skipped.mrn, skipped.institutionSiteId !== null);
}

export type Children = NewChildren;

/**
 * The rules of new child records (sites, lookups, the local phone rule), before they are inserted; the MRNs'
 * uniqueness is the insert's (refuseSkippedMrns). `phoneField` names where a phone's problem is reported:
 * `phoneNumbers.{i}.phoneNumber` in the register command. `read`: the lookups read ahead (readLookups).
 */
export async function checkChildren(
  tx: Db,
  inst: number,
  c: Children,
  phoneField: (i: number) => string = () => 'phoneNumber',
  read?: LookupsRead,
) {
  await assertSites(
    tx,
    inst,
    [...c.mrns, ...c.phones].map((x) => x.institutionSiteId).filter((x): x is number => x !== null),
    'institutionSiteId',
  );
  await assertLookupIds(tx, inst, childLookupChecks(c), read);
  await assertPhoneRule(tx, inst, c.phones, phoneField);
}

/** Adds child records of a participant after checking every rule; used by the edit and the single posts. */
export async function addChildren(
  tx: Db,
  ctx: InstCtx,
  patientId: number,
  c: Children,
  phoneField: (i: number) => string = () => 'phoneNumber',
) {
  const inst = ctx.institutionId;
  await checkChildren(tx, inst, c, phoneField);
  const added = await insertChildren(
    tx,
    { institutionId: inst, patientId, creatorId: ctx.account.id, enablerId: ctx.account.id },
    c,
  );
  await refuseSkippedMrns(tx, inst, c.mrns, added.mrns);
  return added;
}
