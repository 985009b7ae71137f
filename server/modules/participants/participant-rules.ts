import { localPhoneProblem, type PatientInput } from '../../../contract/participants.contract';
import { MSG } from '../../../contract/messages';
import type { Ctx, InstCtx } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import type { Db } from '../../db/client';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
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

/** spec 1 §5 rules that need the database: lookups of this institution, death date only when dead, no future birth. */
export async function checkPatientFields(tx: Db, ctx: InstCtx, p: PatientInput, current?: PatientRow) {
  const inst = ctx.institutionId;
  const rows = await assertLookupIds(tx, inst, [
    { key: 'patientTypes', id: p.patientTypeId, field: 'patientTypeId', previous: current?.patientTypeId },
    { key: 'genders', id: p.genderId, field: 'genderId', previous: current?.genderId },
    { key: 'maritalStatuses', id: p.maritalStatusId, field: 'maritalStatusId', previous: current?.maritalStatusId },
    { key: 'vitalStatuses', id: p.vitalStatusId, field: 'vitalStatusId', previous: current?.vitalStatusId },
  ]);
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

/** An MRN is unique per site (the main MRN per institution); the conflict names the owner's MRN, never their name. */
async function assertMrnFree(tx: Db, inst: number, mrn: string, siteId: number | null) {
  const holder = await mrnHolder(tx, inst, mrn, siteId);
  if (!holder) return;
  throw participantErrors.mrn_taken(mrn, holder.mainMrn ?? mrn, siteId !== null);
}

export type Children = NewChildren;

/** Adds child records of a participant after checking every rule; used by the atomic command and the single posts. */
/** `phoneField` names where a phone's problem is reported: `phoneNumbers.{i}.phoneNumber` in the register command. */
export async function addChildren(
  tx: Db,
  ctx: InstCtx,
  patientId: number,
  c: Children,
  phoneField: (i: number) => string = () => 'phoneNumber',
) {
  const inst = ctx.institutionId;
  const base = { institutionId: inst, patientId, creatorId: ctx.account.id, enablerId: ctx.account.id };
  await assertSites(
    tx,
    inst,
    [...c.mrns, ...c.phones].map((x) => x.institutionSiteId).filter((x): x is number => x !== null),
    'institutionSiteId',
  );
  await assertLookupIds(tx, inst, [
    ...c.races.map((id) => ({ key: 'races', id, field: 'races' })),
    ...c.ethnicities.map((id) => ({ key: 'ethnicities', id, field: 'ethnicities' })),
    ...c.phones.map((ph) => ({ key: 'phoneNumberTypes', id: ph.phoneNumberTypeId, field: 'phoneNumberTypeId' })),
  ]);
  await assertPhoneRule(tx, inst, c.phones, phoneField);
  for (const m of c.mrns) await assertMrnFree(tx, inst, m.mrn, m.institutionSiteId);
  return insertChildren(tx, base, c);
}
