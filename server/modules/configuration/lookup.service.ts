import { descriptionField, LOOKUP_BY_KEY, type LookupEntity } from '../../../contract/lookups.registry';
import { derivableFields, type LookupInput } from '../../../contract/lookups.schemas';
import type { PagingQuery } from '../../../contract/common.contract';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation, notFound } from '../../platform/errors';
import { configurationErrors } from './configuration.errors';
import { MSG, msgf } from '../../../contract/messages';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { LookupFields } from '../../platform/lookups/lookup-writes';
import type { LookupTitles } from '../../../contract/lookup-titles';
import * as repo from './configuration.repository';

export type { ListFilters } from './configuration.repository';
const refs = repo.refFields;
/** A reference field's id: the registry is data, so a record's fields are unknown to tsc (the contract's schema and the column hold numbers). */
const idOf = (value: unknown) => (typeof value === 'number' ? value : null);

export const listLookups = (ctx: InstCtx, e: LookupEntity, q: PagingQuery, filters: repo.ListFilters = {}) =>
  repo.listLookups(ctx.db, ctx.institutionId, e, q, filters, ctx.language);

export async function getLookup(ctx: InstCtx, e: LookupEntity, id: number) {
  const record = await repo.lookupRecord(ctx.db, ctx.institutionId, e, id, ctx.language);
  if (!record) throw notFound(e.label);
  return record;
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
      id: idOf(v[f.name]),
      field: f.name,
      label: f.label,
      previous: idOf(before?.[f.name]),
    })),
  );
  const derivable = derivableFields(e);
  for (const f of refs(e).filter((x) => x.dependsOn && rows[x.name])) {
    const { field, refField } = f.dependsOn!;
    if (derivable.has(field) && (v[field] === null || v[field] === undefined)) v[field] = rows[f.name][refField];
    if (v[field] !== null && v[field] !== undefined && rows[f.name][refField] !== v[field]) {
      const dep = e.fields.find((x) => x.name === field)?.label ?? field;
      throw configurationErrors.parent_mismatch(f.label, dep, { [f.name]: [msgf('notInChosen', { listLabel: dep })] });
    }
  }
}

/** A list that references itself (department -> parent department) must not form a cycle. */
async function checkNoCycle(tx: Db, e: LookupEntity, id: number, v: LookupInput) {
  for (const f of refs(e).filter((x) => x.ref === e.key)) {
    let cursor = idOf(v[f.name]);
    for (let hops = 0; cursor !== null && hops < 1000; hops++) {
      if (cursor === id) throw configurationErrors.cycle(f.label, e.label, { [f.name]: [MSG.makesCycle] });
      cursor = await repo.referencedBy(tx, e, f.name, cursor);
    }
  }
}

/** A new default of a list with one default: the institution's other records stop being it. */
async function clearOtherDefaults(tx: Db, ctx: InstCtx, e: LookupEntity, v: LookupInput, id: number) {
  if (!e.hasDefault || v.isDefault !== true) return;
  await repo.clearOtherDefaults(tx, ctx.institutionId, e, id);
}

/** A body's translations as the contract's schema left them: an object of texts, null (none), or left out. */
function translations(value: unknown): LookupTitles | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return null;
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The registry fields of a record (the contract's schema has checked their values). */
function values(e: LookupEntity, v: LookupInput): LookupFields {
  const fields: LookupFields = Object.fromEntries(
    e.fields.map((f) => [f.name, (v[f.name] ?? null) as LookupFields[string]]),
  );
  // A titled list's titles per language (issue 33 item 4) and a described list's descriptions per language
  // (issue 33, i33desc): a body without them (the spec's calls) keeps them.
  const titles = translations(v.titles);
  if (e.titleField && titles !== undefined) fields.titles = titles;
  const descriptions = translations(v.descriptions);
  if (descriptionField(e) && descriptions !== undefined) fields.descriptions = descriptions;
  return fields;
}

async function uniquely<T>(e: LookupEntity, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const field = e.titleField ? (e.fields.find((f) => f.name === e.titleField)?.label ?? 'Title') : null;
    throw configurationErrors.duplicate(e.label, field);
  }
}

export async function createLookup(ctx: InstCtx, e: LookupEntity, v: LookupInput) {
  const id = await uniquely(e, () =>
    command(ctx, 'configuration.manage', async (tx) => {
      await checkReferences(tx.db, tx, e, v);
      const row = await repo.insertLookup(
        tx.db,
        e,
        { institutionId: tx.institutionId, creatorId: tx.account.id, enablerId: tx.account.id },
        values(e, v),
      );
      await clearOtherDefaults(tx.db, tx, e, v, row.id);
      await audit(tx.db, tx, { entity: e.key, entityId: row.id, action: 'create', after: row });
      return row.id;
    }),
  );
  return getLookup(ctx, e, id);
}

export async function updateLookup(ctx: InstCtx, e: LookupEntity, id: number, v: LookupInput) {
  await uniquely(e, () =>
    command(ctx, 'configuration.manage', async (tx) => {
      const current = await repo.lookupRow(tx.db, tx.institutionId, e, id);
      if (!current) throw notFound(e.label);
      await checkReferences(tx.db, tx, e, v, current);
      await checkNoCycle(tx.db, e, id, v);
      const { before, after } = await repo.updateLookupRow(
        tx.db,
        tx.institutionId,
        e,
        id,
        v.concurrencyStamp,
        values(e, v),
      );
      await clearOtherDefaults(tx.db, tx, e, v, id);
      await audit(tx.db, tx, { entity: e.key, entityId: id, action: 'update', before, after });
    }),
  );
  return getLookup(ctx, e, id);
}

export async function setLookupEnabled(ctx: InstCtx, e: LookupEntity, id: number, enabled: boolean) {
  await command(ctx, 'configuration.manage', async (tx) => {
    const { before, after } = await repo.setLookupRowEnabled(tx.db, tx.institutionId, e, id, enabled, {
      accountId: tx.account.id,
      now: tx.now(),
    });
    await audit(tx.db, tx, { entity: e.key, entityId: id, action: enabled ? 'enable' : 'disable', before, after });
  });
  return getLookup(ctx, e, id);
}

/** The parent of a nested list must exist in this institution. */
export async function assertParent(ctx: InstCtx, e: LookupEntity, parentId: number) {
  const parent = LOOKUP_BY_KEY[e.parent!.key];
  if (!(await repo.lookupExists(ctx.db, ctx.institutionId, parent, parentId))) throw notFound(parent.label);
}
