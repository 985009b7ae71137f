import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import { siteInstitutionOf, siteJoin } from '../institutions';
import { protocolSites } from './protocols.table';

// A protocol's sites: institution sites of any institution (spec 2 §5).

const refs = () => [siteJoin('institutionSite', protocolSites.institutionSiteId, 'cp_site')];
const extra = { institution: siteInstitutionOf(qualified(protocolSites.institutionSiteId)) };
const scope = (institutionId: number, protocolId: number) =>
  and(eq(protocolSites.institutionId, institutionId), eq(protocolSites.collectionProtocolId, protocolId));

/** The protocol's sites (enabled unless asked otherwise), oldest first. SearchTerm: the site's title. */
export async function listSiteRows(db: Db, institutionId: number, protocolId: number, q: PagingQuery) {
  const joins = refs();
  const where = and(
    scope(institutionId, protocolId),
    eq(protocolSites.isEnabled, q.isEnabled ?? true),
    q.searchTerm ? ilike(joins[0].title, likePattern(q.searchTerm)) : undefined,
  );
  return selectRecords(db, protocolSites, {
    where,
    orderBy: asc(protocolSites.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: joins,
    extra,
  });
}

/** Protocol sites as the API answers them, by id, oldest first. */
export async function siteRecords(db: Db, ids: number[]) {
  return (
    await selectRecords(db, protocolSites, {
      where: inArray(protocolSites.id, ids),
      orderBy: asc(protocolSites.id),
      refs: refs(),
      extra,
    })
  ).rows;
}

/** Which of these institution sites are enabled sites of the protocol already. */
export async function enabledSiteIdsAmong(db: Db, institutionId: number, protocolId: number, siteIds: number[]) {
  const rows = await db
    .select({ siteId: protocolSites.institutionSiteId })
    .from(protocolSites)
    .where(
      and(
        scope(institutionId, protocolId),
        eq(protocolSites.isEnabled, true),
        inArray(protocolSites.institutionSiteId, siteIds),
      ),
    );
  return rows.map((r) => r.siteId);
}

export async function insertSites(db: Db, rows: (typeof protocolSites.$inferInsert)[]) {
  return db.insert(protocolSites).values(rows).returning();
}

export async function disableSiteRow(
  db: Db,
  institutionId: number,
  protocolId: number,
  id: number,
  accountId: number,
  now: Date,
) {
  return setEnabled(db, protocolSites, scope(institutionId, protocolId), id, false, accountId, now, 'Protocol site');
}

/** Whether a site is an enabled site of the protocol. */
export async function isEnabledProtocolSite(db: Db, institutionId: number, protocolId: number, siteId: number) {
  const [row] = await db
    .select({ id: protocolSites.id })
    .from(protocolSites)
    .where(
      and(
        scope(institutionId, protocolId),
        eq(protocolSites.institutionSiteId, siteId),
        eq(protocolSites.isEnabled, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}
