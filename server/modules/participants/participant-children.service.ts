import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PagingQuery } from '../../../contract/common.contract';
import { type Ctx, instOf, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RefJoin } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { siteJoin as siteRef } from '../institutions/institutions.repository';
import { patientEthnicities, patientMrns, patientPhoneNumbers, patientRaces, patients } from './participants.table';
import { participantErrors } from './participants.errors';
import { addChildren, type Children } from './participant-rules';

type ChildTable = typeof patientMrns | typeof patientRaces | typeof patientEthnicities | typeof patientPhoneNumbers;

interface Kind {
  table: ChildTable;
  entity: string;
  label: string;
  refs: () => RefJoin[];
  /** The column whose enabled duplicate on the same participant is refused. */
  unique?: PgColumn;
  /** What SearchTerm matches (a part of it): this column, else the title of the first reference. */
  searched?: PgColumn;
}

const siteJoin = (fk: PgColumn): RefJoin => siteRef('institutionSite', fk, 'c_site');

export const KINDS = {
  patientMRNs: { table: patientMrns, entity: 'patientMrn', label: 'MRN', searched: patientMrns.mrn, refs: () => [siteJoin(patientMrns.institutionSiteId)] },
  patientRaces: { table: patientRaces, entity: 'patientRace', label: 'race', unique: patientRaces.raceId, refs: () => [lookupJoin('race', 'races', patientRaces.raceId)] },
  patientEthnicities: { table: patientEthnicities, entity: 'patientEthnicity', label: 'ethnicity', unique: patientEthnicities.ethnicityId, refs: () => [lookupJoin('ethnicity', 'ethnicities', patientEthnicities.ethnicityId)] },
  patientPhoneNumbers: { table: patientPhoneNumbers, entity: 'patientPhoneNumber', label: 'phone number', unique: patientPhoneNumbers.phoneNumber, searched: patientPhoneNumbers.phoneNumber, refs: () => [lookupJoin('phoneNumberType', 'phoneNumberTypes', patientPhoneNumbers.phoneNumberTypeId)] },
} satisfies Record<string, Kind>;
export type KindName = keyof typeof KINDS;

async function assertPatient(db: Db, ctx: Ctx, patientId: number) {
  const [p] = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.id, patientId), eq(patients.institutionId, instOf(ctx)))).limit(1);
  if (!p) throw notFound('Participant');
}

export async function listChildren(ctx: Ctx, kind: KindName, patientId: number, q: PagingQuery) {
  await assertPatient(ctx.db, ctx, patientId);
  const k: Kind = KINDS[kind];
  const parts: SQL[] = [eq(k.table.patientId, patientId), eq(k.table.institutionId, instOf(ctx))];
  if (q.isEnabled !== undefined) parts.push(eq(k.table.isEnabled, q.isEnabled));
  const refs = k.refs();
  // Phone numbers are stored without spaces or dashes: the term is read the same way.
  const term = q.searchTerm && (k.searched === patientPhoneNumbers.phoneNumber ? q.searchTerm.replace(/[\s-]/g, '') : q.searchTerm);
  if (q.searchTerm) parts.push(term ? ilike(k.searched ?? refs[0].title, likePattern(term)) : sql`false`);
  return selectRecords(ctx.db, k.table, { where: and(...parts), orderBy: asc(k.table.id), limit: q.pageSize, offset: offsetOf(q), refs });
}

async function getChild(db: Db, ctx: Ctx, kind: KindName, id: number) {
  const k: Kind = KINDS[kind];
  const page = await selectRecords(db, k.table, { where: and(eq(k.table.id, id), eq(k.table.institutionId, instOf(ctx))), orderBy: k.table.id, limit: 1, refs: k.refs() });
  if (!page.rows[0]) throw notFound(k.label);
  return page.rows[0];
}

/** spec 1 §7: one child record per post; a duplicate of an enabled one is 409. */
export async function addChild(ctx: Ctx, kind: KindName, patientId: number, children: Partial<Children>, value?: string | number) {
  requirePermission(ctx, 'participants.manage');
  const k: Kind = KINDS[kind];
  const id = await ctx.db.transaction(async (tx) => {
    await assertPatient(tx, ctx, patientId);
    if (k.unique && value !== undefined) {
      const [dup] = await tx.select({ id: k.table.id }).from(k.table)
        .where(and(eq(k.table.patientId, patientId), eq(k.unique, value), eq(k.table.isEnabled, true))).limit(1);
      if (dup) throw participantErrors.child_duplicate(k.label);
    }
    const added = await addChildren(tx, ctx, patientId, { mrns: [], races: [], ethnicities: [], phones: [], ...children });
    const row = [...added.mrns, ...added.races, ...added.ethnicities, ...added.phones][0];
    await audit(tx, ctx, { entity: k.entity, entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getChild(ctx.db, ctx, kind, id);
}

/** Removal is a disable: the record stays (spec 1 §4). */
export async function disableChild(ctx: Ctx, kind: KindName, patientId: number, id: number) {
  requirePermission(ctx, 'participants.manage');
  const k: Kind = KINDS[kind];
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await setEnabled(tx, k.table, and(eq(k.table.institutionId, instOf(ctx)), eq(k.table.patientId, patientId)), id, false, ctx.account.id, ctx.now(), k.label);
    await audit(tx, ctx, { entity: k.entity, entityId: id, action: 'disable', before, after });
  });
  return getChild(ctx.db, ctx, kind, id);
}
