import type { PagingQuery } from '../../../contract/common.contract';
import { type InstCtx, command } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { participantErrors } from './participants.errors';
import { addChildren, type Children } from './participant-rules';
import { patientExists } from './participants.repository';
import {
  type ChildTable,
  childPage,
  childRecord,
  disableChildRow,
  enabledChildren,
  hasEnabledDuplicate,
  KINDS,
  type Kind,
  type KindName,
} from './participant-children.repository';

export { KINDS } from './participant-children.repository';

async function assertPatient(db: Db, ctx: InstCtx, patientId: number) {
  if (!(await patientExists(db, ctx.institutionId, patientId))) throw notFound('Participant');
}

/** The kind's records of a participant; a route passes its kind (`KINDS.patientMRNs`), so the rows are typed as that kind's. */
export async function listChildren<T extends ChildTable, N extends string>(
  ctx: InstCtx,
  k: Kind<T, N>,
  patientId: number,
  q: PagingQuery,
) {
  await assertPatient(ctx.db, ctx, patientId);
  return childPage(ctx.db, ctx.institutionId, k, patientId, q, ctx.language);
}

async function getChild<T extends ChildTable, N extends string>(db: Db, ctx: InstCtx, k: Kind<T, N>, id: number) {
  const row = await childRecord(db, ctx.institutionId, k, id, ctx.language);
  if (!row) throw notFound(k.label);
  return row;
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
    if (value !== undefined && (await hasEnabledDuplicate(tx, k, patientId, value)))
      throw participantErrors.child_duplicate(k.label);
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
    const { before, after } = await disableChildRow(c.db, c.institutionId, k, patientId, id, c.account.id, c.now());
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
  const mrnKey = (m: { institutionSiteId: number | null; mrn: string | null }) =>
    `${m.institutionSiteId}|${(m.mrn ?? '').toLowerCase()}`;
  const phoneKey = (p: { phoneNumberTypeId: number | null; phoneNumber: string | null }) =>
    `${p.phoneNumberTypeId}|${p.phoneNumber}`;

  const enabled = await enabledChildren(tx, inst, patientId);
  const have = { ...enabled, mrns: enabled.mrns.filter((m) => m.institutionSiteId !== null) };
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
    const { before, after } = await disableChildRow(tx, inst, k, patientId, id, ctx.account.id, ctx.now());
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
