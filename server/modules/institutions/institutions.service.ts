import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { InstitutionInput, InstitutionUpdate, SiteInput } from '../../../contract/institutions.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import { type Ctx, belongsTo, instOf, requirePermission } from '../../platform/context';
import { notFound, isUniqueViolation } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { seedReferenceData } from '../../db/seed/reference-data';
import { institutionErrors } from './institutions.errors';
import { institutions, institutionSites } from './institutions.table';

const titleTaken = (what: string) => institutionErrors.title_taken(what);

async function uniqueTitle<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken(what);
    throw err;
  }
}

function searchWhere(q: PagingQuery, title: PgColumn, abbr: PgColumn, enabled: PgColumn) {
  const parts: (SQL | undefined)[] = [];
  if (q.searchTerm) parts.push(or(ilike(title, likePattern(q.searchTerm)), ilike(abbr, likePattern(q.searchTerm))));
  if (q.isEnabled !== undefined) parts.push(eq(enabled, q.isEnabled));
  return parts;
}

/** Institutions the account belongs to (all of them for a Super Administrator). */
export async function listInstitutions(ctx: Ctx, q: PagingQuery) {
  const scope = ctx.account.isSuperAdmin ? undefined : inArray(institutions.id, ctx.account.institutionIds.length ? ctx.account.institutionIds : [0]);
  return selectRecords(ctx.db, institutions, {
    where: and(scope, ...searchWhere(q, institutions.title, institutions.abbreviation, institutions.isEnabled)),
    orderBy: asc(institutions.title), limit: q.pageSize, offset: offsetOf(q),
  });
}

export async function getInstitution(ctx: Ctx, id: number) {
  if (!belongsTo(ctx.account, id)) throw notFound('Institution');
  const page = await selectRecords(ctx.db, institutions, { where: eq(institutions.id, id), orderBy: asc(institutions.id), limit: 1 });
  if (!page.rows[0]) throw notFound('Institution');
  return page.rows[0];
}

export async function createInstitution(ctx: Ctx, input: InstitutionInput) {
  requirePermission(ctx, 'institutions.create');
  const id = await uniqueTitle('An institution', () => ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(institutions).values({ ...input, abbreviation: input.abbreviation, creatorId: ctx.account.id, enablerId: ctx.account.id }).returning();
    await seedReferenceData(tx, row.id, ctx.account.id);
    await audit(tx, ctx, { entity: 'institution', entityId: row.id, action: 'create', after: row, institutionId: row.id });
    return row.id;
  }));
  return getInstitution(ctx, id);
}

export async function updateInstitution(ctx: Ctx, id: number, input: InstitutionUpdate) {
  if (!belongsTo(ctx.account, id)) throw notFound('Institution');
  // PUT /institutions carries the id in the body: the role must be held in THAT institution.
  requirePermission(ctx, 'institutions.manage', id);
  const { concurrencyStamp, id: _ignored, ...values } = input;
  await uniqueTitle('An institution', () => ctx.db.transaction(async (tx) => {
    const { before, after } = await updateStamped(tx, institutions, undefined, id, concurrencyStamp, values, 'Institution');
    await audit(tx, ctx, { entity: 'institution', entityId: id, action: 'update', before, after, institutionId: id });
  }));
  return getInstitution(ctx, id);
}

export async function setInstitutionEnabled(ctx: Ctx, id: number, enabled: boolean) {
  requirePermission(ctx, 'institutions.create');
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await setEnabled(tx, institutions, undefined, id, enabled, ctx.account.id, ctx.now(), 'Institution');
    await audit(tx, ctx, { entity: 'institution', entityId: id, action: enabled ? 'enable' : 'disable', before, after, institutionId: id });
  });
  return getInstitution(ctx, id);
}

// ---- sites: readable for any institution (spec 1 §7), changed only in your own.

async function assertInstitutionExists(ctx: Ctx, instId: number) {
  const [row] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, instId)).limit(1);
  if (!row) throw notFound('Institution');
}

export async function listSites(ctx: Ctx, q: PagingQuery) {
  const instId = instOf(ctx);
  await assertInstitutionExists(ctx, instId);
  return selectRecords(ctx.db, institutionSites, {
    where: and(eq(institutionSites.institutionId, instId), ...searchWhere(q, institutionSites.title, institutionSites.abbreviation, institutionSites.isEnabled)),
    orderBy: asc(institutionSites.title), limit: q.pageSize, offset: offsetOf(q),
  });
}

export async function getSite(ctx: Ctx, siteId: number) {
  const page = await selectRecords(ctx.db, institutionSites, {
    where: and(eq(institutionSites.id, siteId), eq(institutionSites.institutionId, instOf(ctx))), orderBy: asc(institutionSites.id), limit: 1,
  });
  if (!page.rows[0]) throw notFound('Institution site');
  return page.rows[0];
}

export async function createSite(ctx: Ctx, input: SiteInput) {
  requirePermission(ctx, 'sites.manage');
  const instId = instOf(ctx);
  const { institutionId: _i, ...values } = input;
  const id = await uniqueTitle('A site', () => ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(institutionSites).values({
      title: values.title, abbreviation: values.abbreviation ?? null, address: values.address,
      institutionId: instId, creatorId: ctx.account.id, enablerId: ctx.account.id,
    }).returning();
    await audit(tx, ctx, { entity: 'institutionSite', entityId: row.id, action: 'create', after: row });
    return row.id;
  }));
  return getSite(ctx, id);
}

export async function updateSite(ctx: Ctx, siteId: number, input: SiteInput & { concurrencyStamp?: string }) {
  requirePermission(ctx, 'sites.manage');
  const { institutionId: _i, concurrencyStamp, ...values } = input;
  await uniqueTitle('A site', () => ctx.db.transaction(async (tx) => {
    const { before, after } = await updateStamped(tx, institutionSites, eq(institutionSites.institutionId, instOf(ctx)), siteId, concurrencyStamp,
      { title: values.title, abbreviation: values.abbreviation ?? null, address: values.address }, 'Institution site');
    await audit(tx, ctx, { entity: 'institutionSite', entityId: siteId, action: 'update', before, after });
  }));
  return getSite(ctx, siteId);
}

export async function setSiteEnabled(ctx: Ctx, siteId: number, enabled: boolean) {
  requirePermission(ctx, 'sites.manage');
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await setEnabled(tx, institutionSites, eq(institutionSites.institutionId, instOf(ctx)), siteId, enabled, ctx.account.id, ctx.now(), 'Institution site');
    await audit(tx, ctx, { entity: 'institutionSite', entityId: siteId, action: enabled ? 'enable' : 'disable', before, after });
  });
  return getSite(ctx, siteId);
}

