import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LOOKUP_BY_KEY, refObjectName, type LookupEntity } from '../../../contract/lookups.registry';
import { derivableFields, type LookupInput } from '../../../contract/lookups.schemas';
import type { PagingQuery } from '../../../contract/common.contract';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation, notFound } from '../../platform/errors';
import { configurationErrors } from './configuration.errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RefJoin } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { assertLookupIds, lookupJoin, tableOf } from '../../platform/lookups/lookup-refs';
import { insertLookups, type LookupFields } from '../../platform/lookups/lookup-writes';

export { tableOf };
const refs = (e: LookupEntity) => e.fields.filter((f) => f.kind === 'reference' && f.ref);

function refJoins(e: LookupEntity): RefJoin[] {
  const table = tableOf(e);
  return refs(e).map((f) => lookupJoin(refObjectName(f), f.ref!, table[f.name]));
}

export interface ListFilters {
  [field: string]: number | undefined;
}

export async function listLookups(ctx: InstCtx, e: LookupEntity, q: PagingQuery, filters: ListFilters = {}) {
  const table = tableOf(e);
  const joins = refJoins(e);
  const parts: (SQL | undefined)[] = [eq(table.institutionId, ctx.institutionId)];
  if (q.isEnabled !== undefined) parts.push(eq(table.isEnabled, q.isEnabled));
  for (const [field, value] of Object.entries(filters)) if (value !== undefined) parts.push(eq(table[field], value));
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    const searchable: PgColumn[] = e.titleField
      ? [table[e.titleField], ...(table.abbreviation ? [table.abbreviation] : [])]
      : joins.map((j) => j.title);
    parts.push(or(...searchable.map((c) => ilike(c, p))));
  }
  const order = e.titleField ? sql`lower(${table[e.titleField]})` : table.id;
  return selectRecords(ctx.db, table, {
    where: and(...parts),
    orderBy: [order, table.id],
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: joins,
  });
}

export async function getLookup(ctx: InstCtx, e: LookupEntity, id: number, db: Db = ctx.db) {
  const table = tableOf(e);
  const page = await selectRecords(db, table, {
    where: and(eq(table.id, id), eq(table.institutionId, ctx.institutionId)),
    orderBy: table.id,
    limit: 1,
    refs: refJoins(e),
  });
  if (!page.rows[0]) throw notFound(e.label);
  return page.rows[0];
}

/**
 * References must point to records of this institution, chosen ones enabled, dependent ones consistent.
 * A left-out field that a chosen reference determines (a panel's category) is taken from it.
 */
async function checkReferences(
  tx: Db,
  ctx: InstCtx,
  e: LookupEntity,
  v: LookupInput,
  before?: Record<string, unknown>,
) {
  const rows = await assertLookupIds(
    tx,
    ctx.institutionId,
    refs(e).map((f) => ({
      key: f.ref!,
      id: v[f.name] as number | null,
      field: f.name,
      label: f.label,
      previous: before?.[f.name] as number | undefined,
    })),
  );
  const derivable = derivableFields(e);
  for (const f of refs(e).filter((x) => x.dependsOn && rows[x.name])) {
    const { field, refField } = f.dependsOn!;
    if (derivable.has(field) && (v[field] === null || v[field] === undefined)) v[field] = rows[f.name][refField];
    if (v[field] !== null && v[field] !== undefined && rows[f.name][refField] !== v[field]) {
      const dep = e.fields.find((x) => x.name === field)?.label ?? field;
      throw configurationErrors.parent_mismatch(f.label, dep, { [f.name]: [`Not in the chosen ${dep}`] });
    }
  }
}

/** A list that references itself (department -> parent department) must not form a cycle. */
async function checkNoCycle(tx: Db, e: LookupEntity, id: number, v: LookupInput) {
  const table = tableOf(e);
  for (const f of refs(e).filter((x) => x.ref === e.key)) {
    let cursor = v[f.name] as number | null;
    for (let hops = 0; cursor !== null && cursor !== undefined && hops < 1000; hops++) {
      if (cursor === id)
        throw configurationErrors.cycle(f.label, e.label.toLowerCase(), { [f.name]: ['This would make a cycle'] });
      const [row] = (await tx.select({ next: table[f.name] }).from(table).where(eq(table.id, cursor)).limit(1)) as {
        next: number | null;
      }[];
      cursor = row?.next ?? null;
    }
  }
}

async function clearOtherDefaults(tx: Db, ctx: InstCtx, e: LookupEntity, v: LookupInput, id: number) {
  if (!e.hasDefault || v.isDefault !== true) return;
  const table = tableOf(e);
  await tx
    .update(table)
    .set({ isDefault: false })
    .where(and(eq(table.institutionId, ctx.institutionId), ne(table.id, id), eq(table.isDefault, true)));
}

/** The registry fields of a record (the contract's schema has checked their values). */
function values(e: LookupEntity, v: LookupInput): LookupFields {
  return Object.fromEntries(e.fields.map((f) => [f.name, (v[f.name] ?? null) as LookupFields[string]]));
}

async function uniquely<T>(e: LookupEntity, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const what = e.titleField
      ? `this ${e.fields.find((f) => f.name === e.titleField)?.label.toLowerCase() ?? 'title'}`
      : 'these values';
    throw configurationErrors.duplicate(e.label.toLowerCase(), what);
  }
}

export async function createLookup(ctx: InstCtx, e: LookupEntity, v: LookupInput) {
  const table = tableOf(e);
  const id = await uniquely(e, () =>
    command(ctx, 'configuration.manage', async (tx) => {
      await checkReferences(tx.db, tx, e, v);
      const [row] = await insertLookups(
        tx.db,
        table,
        { institutionId: tx.institutionId, creatorId: tx.account.id, enablerId: tx.account.id },
        [values(e, v)],
      );
      await clearOtherDefaults(tx.db, tx, e, v, row.id);
      await audit(tx.db, tx, { entity: e.key, entityId: row.id, action: 'create', after: row });
      return row.id;
    }),
  );
  return getLookup(ctx, e, id);
}

export async function updateLookup(ctx: InstCtx, e: LookupEntity, id: number, v: LookupInput) {
  const table = tableOf(e);
  await uniquely(e, () =>
    command(ctx, 'configuration.manage', async (tx) => {
      const [current] = (await tx.db
        .select()
        .from(table)
        .where(and(eq(table.id, id), eq(table.institutionId, tx.institutionId)))
        .limit(1)) as Record<string, unknown>[];
      if (!current) throw notFound(e.label);
      await checkReferences(tx.db, tx, e, v, current);
      await checkNoCycle(tx.db, e, id, v);
      const { before, after } = await updateStamped(
        tx.db,
        table,
        eq(table.institutionId, tx.institutionId),
        id,
        v.concurrencyStamp,
        values(e, v),
        e.label,
      );
      await clearOtherDefaults(tx.db, tx, e, v, id);
      await audit(tx.db, tx, { entity: e.key, entityId: id, action: 'update', before, after });
    }),
  );
  return getLookup(ctx, e, id);
}

export async function setLookupEnabled(ctx: InstCtx, e: LookupEntity, id: number, enabled: boolean) {
  const table = tableOf(e);
  await command(ctx, 'configuration.manage', async (tx) => {
    const { before, after } = await setEnabled(
      tx.db,
      table,
      eq(table.institutionId, tx.institutionId),
      id,
      enabled,
      tx.account.id,
      tx.now(),
      e.label,
    );
    await audit(tx.db, tx, { entity: e.key, entityId: id, action: enabled ? 'enable' : 'disable', before, after });
  });
  return getLookup(ctx, e, id);
}

/** The parent of a nested list must exist in this institution. */
export async function assertParent(ctx: InstCtx, e: LookupEntity, parentId: number) {
  const parent = LOOKUP_BY_KEY[e.parent!.key];
  const t = tableOf(parent);
  const [row] = await ctx.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, parentId), eq(t.institutionId, ctx.institutionId)))
    .limit(1);
  if (!row) throw notFound(parent.label);
}
