import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { PagingQuery } from '../../../contract/common.contract';
import type { InstitutionInput, SiteInput } from '../../../contract/institutions.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RefJoin } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { assertReferences, type RefCheck } from '../../platform/references';
import { defaultTimeZone } from '../../platform/today';
import { institutions, institutionSites } from './institutions.table';

// All of the institutions module's SQL. index.ts exports the part other modules call (never its tables).

/** A join that shows a site as `{id, title}` under `name` in another module's list. */
export function siteJoin<N extends string>(name: N, fk: PgColumn, as: string): RefJoin<N> {
  const site = alias(institutionSites, as);
  return { name, table: site, title: site.title, fk };
}

/** Each site id must be a site of this institution, enabled unless unchanged (the one reference rule). */
export const assertSiteIds = (tx: Db, institutionId: number, checks: RefCheck[]) =>
  assertReferences(
    tx,
    institutionSites,
    institutionId,
    { record: 'Institution site', words: 'site of this institution' },
    checks,
  );

/** Whether the institution applies the local phone rule (spec 1 §5). */
export async function usesLocalPhoneRule(tx: Db, institutionId: number) {
  const [i] = await tx
    .select({ local: institutions.localPhoneRule })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return Boolean(i?.local);
}

/**
 * An institution's IANA time zone as a scalar sub-select of another module's query (`institutionId`: the outer
 * query's column). Auth reads it with the session (issue 30): a request never asks for its institution's zone.
 */
export const institutionTimeZoneOf = (institutionId: SQL) =>
  sql<
    string | null
  >`(select ${institutions.timeZone} from ${institutions} where ${institutions.id} = ${institutionId})`;

/** Every institution's time zone as one json object `{id: zone}` (a Super Administrator's session may enter any). */
export const everyInstitutionTimeZone = sql<Record<
  string,
  string
> | null>`(select json_object_agg(${institutions.id}, ${institutions.timeZone}) from ${institutions})`;

/**
 * A site's title as a scalar sub-select, for another module's query (one statement instead of a
 * second round trip). `siteId` is an expression of the outer query, e.g. sql`m.institution_site_id`.
 */
/** An institution's title as a sub-select of another module's query. */
export const institutionTitleOf = (institutionId: SQL) =>
  sql<string | null>`(select ${institutions.title} from ${institutions} where ${institutions.id} = ${institutionId})`;

export const siteTitleOf = (siteId: SQL) =>
  sql<
    string | null
  >`(select ${institutionSites.title} from ${institutionSites} where ${institutionSites.id} = ${siteId})`;

/** An institution as `{id, title}` in a scalar sub-select, for another module's rows (`institutionId`: the outer query's column). */
export const institutionRefOf = (institutionId: SQL) =>
  sql<{
    id: number;
    title: string;
  } | null>`(select json_build_object('id', ${institutions.id}, 'title', ${institutions.title}) from ${institutions} where ${institutions.id} = ${institutionId})`;

/** Site titles by id within one institution (the audit log names the sites an event mentions). */
export async function siteTitles(db: Db, institutionId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: institutionSites.id, title: institutionSites.title })
    .from(institutionSites)
    .where(and(eq(institutionSites.institutionId, institutionId), inArray(institutionSites.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Institution titles by id, for lists that name an account's institutions. */
export async function institutionTitles(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: institutions.id, title: institutions.title })
    .from(institutions)
    .where(inArray(institutions.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Institution abbreviations by id: what another installation knows an institution by (docs/shipments.md "Manifest exchange"). */
export async function institutionAbbreviations(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: institutions.id, abbreviation: institutions.abbreviation })
    .from(institutions)
    .where(inArray(institutions.id, ids));
  return new Map(rows.map((r) => [r.id, r.abbreviation]));
}

/** An institution's enabled sites, oldest first. */
export async function enabledSitesOf(db: Db, institutionId: number) {
  return db
    .select({ id: institutionSites.id, title: institutionSites.title })
    .from(institutionSites)
    .where(and(eq(institutionSites.institutionId, institutionId), eq(institutionSites.isEnabled, true)))
    .orderBy(institutionSites.id);
}

/** Whether an institution of this id exists. */
export async function institutionExists(db: Db, id: number) {
  const [row] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id));
  return Boolean(row);
}

/** The enabled sites among `ids`, of any institution (a protocol collects at other institutions' sites too). */
export async function enabledSitesOfAnyInstitution(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: institutionSites.id, institutionId: institutionSites.institutionId })
    .from(institutionSites)
    .where(and(inArray(institutionSites.id, ids), eq(institutionSites.isEnabled, true)));
}

/** A site's institution as `{id, title}`, as a scalar sub-select for another module's query. */
export const siteInstitutionOf = (siteId: SQL) =>
  // Aliased by hand: Drizzle renders columns unqualified inside sql``, ambiguous in a join.
  sql<{ id: number; title: string } | null>`(select json_build_object('id', i.id, 'title', i.title)
  from institutions i join institution_sites s on s.institution_id = i.id where s.id = ${siteId})`;

// ---- the module's own reads and writes (its services call these)

function searchWhere(q: PagingQuery, title: PgColumn, abbr: PgColumn, enabled: PgColumn) {
  const parts: (SQL | undefined)[] = [];
  if (q.searchTerm) parts.push(or(ilike(title, likePattern(q.searchTerm)), ilike(abbr, likePattern(q.searchTerm))));
  if (q.isEnabled !== undefined) parts.push(eq(enabled, q.isEnabled));
  return parts;
}

/** A page of institutions, among `ids` (all when null), by title. */
export function institutionPage(db: Db, q: PagingQuery, ids: number[] | null) {
  const scope = ids === null ? undefined : inArray(institutions.id, ids.length ? ids : [0]);
  return selectRecords(db, institutions, {
    where: and(scope, ...searchWhere(q, institutions.title, institutions.abbreviation, institutions.isEnabled)),
    orderBy: asc(institutions.title),
    limit: q.pageSize,
    offset: offsetOf(q),
  });
}

/** One institution as a record, or undefined. */
export async function institutionRecord(db: Db, id: number) {
  const page = await selectRecords(db, institutions, {
    where: eq(institutions.id, id),
    orderBy: asc(institutions.id),
    limit: 1,
  });
  return page.rows[0];
}

export async function insertInstitution(tx: Db, input: InstitutionInput, accountId: number) {
  const [row] = await tx
    .insert(institutions)
    // No zone sent: the server's (LIMS_DEFAULT_TIME_ZONE, else the process's own zone; issue 31 item 6).
    .values({ ...input, timeZone: input.timeZone ?? defaultTimeZone(), creatorId: accountId, enablerId: accountId })
    .returning();
  return row;
}

export const updateInstitutionRow = (tx: Db, id: number, stamp: string, values: InstitutionInput) =>
  updateStamped(tx, institutions, undefined, id, stamp, values, 'Institution');

export const setInstitutionEnabledRow = (tx: Db, id: number, enabled: boolean, accountId: number, now: Date) =>
  setEnabled(tx, institutions, undefined, id, enabled, accountId, now, 'Institution');

/** A page of one institution's sites, by title. */
export function sitePage(db: Db, institutionId: number, q: PagingQuery) {
  return selectRecords(db, institutionSites, {
    where: and(
      eq(institutionSites.institutionId, institutionId),
      ...searchWhere(q, institutionSites.title, institutionSites.abbreviation, institutionSites.isEnabled),
    ),
    orderBy: asc(institutionSites.title),
    limit: q.pageSize,
    offset: offsetOf(q),
  });
}

/** One site of the institution as a record, or undefined. */
export async function siteRecord(db: Db, institutionId: number, siteId: number) {
  const page = await selectRecords(db, institutionSites, {
    where: and(eq(institutionSites.id, siteId), eq(institutionSites.institutionId, institutionId)),
    orderBy: asc(institutionSites.id),
    limit: 1,
  });
  return page.rows[0];
}

type SiteValues = Pick<SiteInput, 'title' | 'abbreviation' | 'address'>;

export async function insertSite(tx: Db, institutionId: number, v: SiteValues, accountId: number) {
  const [row] = await tx
    .insert(institutionSites)
    .values({
      title: v.title,
      abbreviation: v.abbreviation,
      address: v.address,
      institutionId,
      creatorId: accountId,
      enablerId: accountId,
    })
    .returning();
  return row;
}

export const updateSiteRow = (tx: Db, institutionId: number, siteId: number, stamp: string, v: SiteValues) =>
  updateStamped(
    tx,
    institutionSites,
    eq(institutionSites.institutionId, institutionId),
    siteId,
    stamp,
    { title: v.title, abbreviation: v.abbreviation, address: v.address },
    'Institution site',
  );

export const setSiteEnabledRow = (
  tx: Db,
  institutionId: number,
  siteId: number,
  enabled: boolean,
  accountId: number,
  now: Date,
) =>
  setEnabled(
    tx,
    institutionSites,
    eq(institutionSites.institutionId, institutionId),
    siteId,
    enabled,
    accountId,
    now,
    'Institution site',
  );
