import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PagingQuery } from '../../../contract/common.contract';
import { type InstCtx, command } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RefJoin } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { siteJoin as siteRef } from '../institutions';
import { patientEthnicities, patientMrns, patientPhoneNumbers, patientRaces, patients } from './participants.table';
import { participantErrors } from './participants.errors';
import { addChildren, type Children } from './participant-rules';

type ChildTable = typeof patientMrns | typeof patientRaces | typeof patientEthnicities | typeof patientPhoneNumbers;

export interface Kind<T extends ChildTable = ChildTable, N extends string = string> {
  table: T;
  entity: string;
  label: string;
  refs: () => RefJoin<N>[];
  /** The column whose enabled duplicate on the same participant is refused. */
  unique?: PgColumn;
  /** What SearchTerm matches (a part of it): this column, else the title of the first reference. */
  searched?: PgColumn;
}

const siteJoin = (fk: PgColumn) => siteRef('institutionSite', fk, 'c_site');

export const KINDS = {
  patientMRNs: {
    table: patientMrns,
    entity: 'patientMrn',
    label: 'MRN',
    searched: patientMrns.mrn,
    refs: () => [siteJoin(patientMrns.institutionSiteId)],
  },
  patientRaces: {
    table: patientRaces,
    entity: 'patientRace',
    label: 'race',
    unique: patientRaces.raceId,
    refs: () => [lookupJoin('race', 'races', patientRaces.raceId)],
  },
  patientEthnicities: {
    table: patientEthnicities,
    entity: 'patientEthnicity',
    label: 'ethnicity',
    unique: patientEthnicities.ethnicityId,
    refs: () => [lookupJoin('ethnicity', 'ethnicities', patientEthnicities.ethnicityId)],
  },
  patientPhoneNumbers: {
    table: patientPhoneNumbers,
    entity: 'patientPhoneNumber',
    label: 'phone number',
    unique: patientPhoneNumbers.phoneNumber,
    searched: patientPhoneNumbers.phoneNumber,
    refs: () => [lookupJoin('phoneNumberType', 'phoneNumberTypes', patientPhoneNumbers.phoneNumberTypeId)],
  },
} satisfies Record<string, Kind>;
export type KindName = keyof typeof KINDS;

async function assertPatient(db: Db, ctx: InstCtx, patientId: number) {
  const [p] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.institutionId, ctx.institutionId)))
    .limit(1);
  if (!p) throw notFound('Participant');
}

/** The kind's records of a participant; a route passes its kind (`KINDS.patientMRNs`), so the rows are typed as that kind's. */
export async function listChildren<T extends ChildTable, N extends string>(
  ctx: InstCtx,
  k: Kind<T, N>,
  patientId: number,
  q: PagingQuery,
) {
  await assertPatient(ctx.db, ctx, patientId);
  const parts: SQL[] = [eq(k.table.patientId, patientId), eq(k.table.institutionId, ctx.institutionId)];
  if (q.isEnabled !== undefined) parts.push(eq(k.table.isEnabled, q.isEnabled));
  const refs = k.refs();
  // Phone numbers are stored without spaces or dashes: the term is read the same way.
  const term =
    q.searchTerm &&
    (k.searched === patientPhoneNumbers.phoneNumber ? q.searchTerm.replace(/[\s-]/g, '') : q.searchTerm);
  if (q.searchTerm) parts.push(term ? ilike(k.searched ?? refs[0].title, likePattern(term)) : sql`false`);
  return selectRecords(ctx.db, k.table, {
    where: and(...parts),
    orderBy: asc(k.table.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs,
  });
}

async function getChild<T extends ChildTable, N extends string>(db: Db, ctx: InstCtx, k: Kind<T, N>, id: number) {
  const page = await selectRecords(db, k.table, {
    where: and(eq(k.table.id, id), eq(k.table.institutionId, ctx.institutionId)),
    orderBy: k.table.id,
    limit: 1,
    refs: k.refs(),
  });
  if (!page.rows[0]) throw notFound(k.label);
  return page.rows[0];
}

/** spec 1 §7: one child record per post; a duplicate of an enabled one is 409. */
export async function addChild<T extends ChildTable, N extends string>(
  ctx: InstCtx,
  k: Kind<T, N>,
  patientId: number,
  children: Partial<Children>,
  value?: string | number,
) {
  const id = await command(ctx, 'participants.manage', async (c) => {
    const tx = c.db;
    await assertPatient(tx, c, patientId);
    const t: ChildTable = k.table;
    if (k.unique && value !== undefined) {
      const [dup] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.patientId, patientId), eq(k.unique, value), eq(t.isEnabled, true)))
        .limit(1);
      if (dup) throw participantErrors.child_duplicate(k.label);
    }
    const added = await addChildren(tx, c, patientId, {
      mrns: [],
      races: [],
      ethnicities: [],
      phones: [],
      ...children,
    });
    const row = [...added.mrns, ...added.races, ...added.ethnicities, ...added.phones][0];
    await audit(tx, c, { entity: k.entity, entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getChild(ctx.db, ctx, k, id);
}

/** Removal is a disable: the record stays (spec 1 §4). */
export async function disableChild<T extends ChildTable, N extends string>(
  ctx: InstCtx,
  k: Kind<T, N>,
  patientId: number,
  id: number,
) {
  await command(ctx, 'participants.manage', async (c) => {
    const { before, after } = await setEnabled(
      c.db,
      k.table,
      and(eq(k.table.institutionId, c.institutionId), eq(k.table.patientId, patientId)),
      id,
      false,
      c.account.id,
      c.now(),
      k.label,
    );
    await audit(c.db, c, { entity: k.entity, entityId: id, action: 'disable', before, after });
  });
  return getChild(ctx.db, ctx, k, id);
}

/**
 * Edit a Participant's child records as one save (issue 28): the enabled races, ethnicities, phone numbers
 * and site MRNs become exactly `want`. Records not wanted are disabled (kept, as a removal always is), new
 * ones added with every rule of a single post; one audit entry per record. Runs in the caller's transaction.
 * The main MRN (no site) is not touched: it is read-only on edit (spec 1 §2).
 */
export async function syncChildren(tx: Db, ctx: InstCtx, patientId: number, want: Children) {
  const inst = ctx.institutionId;
  const enabledOf = <T extends ChildTable>(t: T) =>
    tx
      .select()
      .from(t as ChildTable)
      .where(and(eq(t.patientId, patientId), eq(t.institutionId, inst), eq(t.isEnabled, true)))
      .orderBy(asc(t.id));
  const mrnKey = (m: { institutionSiteId: number | null; mrn: string | null }) =>
    `${m.institutionSiteId}|${(m.mrn ?? '').toLowerCase()}`;
  const phoneKey = (p: { phoneNumberTypeId: number | null; phoneNumber: string | null }) =>
    `${p.phoneNumberTypeId}|${p.phoneNumber}`;

  const have = {
    mrns: ((await enabledOf(patientMrns)) as (typeof patientMrns.$inferSelect)[]).filter(
      (m) => m.institutionSiteId !== null,
    ),
    races: (await enabledOf(patientRaces)) as (typeof patientRaces.$inferSelect)[],
    ethnicities: (await enabledOf(patientEthnicities)) as (typeof patientEthnicities.$inferSelect)[],
    phones: (await enabledOf(patientPhoneNumbers)) as (typeof patientPhoneNumbers.$inferSelect)[],
  };
  const wanted = {
    mrns: new Set(want.mrns.map(mrnKey)),
    races: new Set(want.races),
    ethnicities: new Set(want.ethnicities),
    phones: new Set(want.phones.map(phoneKey)),
  };
  const drop: [KindName, number][] = [
    ...have.mrns.filter((m) => !wanted.mrns.has(mrnKey(m))).map((m): [KindName, number] => ['patientMRNs', m.id]),
    ...have.races.filter((r) => !wanted.races.has(r.raceId)).map((r): [KindName, number] => ['patientRaces', r.id]),
    ...have.ethnicities
      .filter((e) => !wanted.ethnicities.has(e.ethnicityId))
      .map((e): [KindName, number] => ['patientEthnicities', e.id]),
    ...have.phones
      .filter((p) => !wanted.phones.has(phoneKey(p)))
      .map((p): [KindName, number] => ['patientPhoneNumbers', p.id]),
  ];
  // Disabled first: a phone number moved to another type is the old record disabled and a new one added.
  for (const [kind, id] of drop) {
    const k: Kind = KINDS[kind];
    const { before, after } = await setEnabled(
      tx,
      k.table,
      and(eq(k.table.institutionId, inst), eq(k.table.patientId, patientId)),
      id,
      false,
      ctx.account.id,
      ctx.now(),
      k.label,
    );
    await audit(tx, ctx, { entity: k.entity, entityId: id, action: 'disable', before, after });
  }

  const kept = {
    mrns: new Set(have.mrns.map(mrnKey)),
    races: new Set(have.races.map((r) => r.raceId)),
    ethnicities: new Set(have.ethnicities.map((e) => e.ethnicityId)),
    phones: new Set(have.phones.map(phoneKey)),
  };
  const newPhones = want.phones.map((p, i) => ({ p, i })).filter(({ p }) => !kept.phones.has(phoneKey(p)));
  const added = await addChildren(
    tx,
    ctx,
    patientId,
    {
      mrns: want.mrns.filter((m) => !kept.mrns.has(mrnKey(m))),
      races: [...wanted.races].filter((id) => !kept.races.has(id)),
      ethnicities: [...wanted.ethnicities].filter((id) => !kept.ethnicities.has(id)),
      phones: newPhones.map(({ p }) => p),
    },
    (i) => `phoneNumbers.${newPhones[i]?.i ?? i}.phoneNumber`,
  );
  const entities: [string, { id: number }[]][] = [
    [KINDS.patientMRNs.entity, added.mrns],
    [KINDS.patientRaces.entity, added.races],
    [KINDS.patientEthnicities.entity, added.ethnicities],
    [KINDS.patientPhoneNumbers.entity, added.phones],
  ];
  for (const [entity, rows] of entities)
    for (const row of rows) await audit(tx, ctx, { entity, entityId: row.id, action: 'create', after: row });
  return { disabled: drop.length, added: entities.reduce((n, [, rows]) => n + rows.length, 0) };
}
