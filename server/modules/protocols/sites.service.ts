import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { SitesInput } from '../../../contract/protocols.contract';
import { command, instOf, type Ctx, type InstCtx, requirePermission } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import { enabledSitesOfAnyInstitution, siteInstitutionOf, siteJoin } from '../institutions';
import { protocolSites } from './protocols.table';
import { protocolOf } from './protocols.service';
import { qualified } from '../../platform/qualified';

const refs = () => [siteJoin('institutionSite', protocolSites.institutionSiteId, 'cp_site')];
const extra = { institution: siteInstitutionOf(qualified(protocolSites.institutionSiteId)) };
const scope = (ctx: Pick<InstCtx, 'institutionId'>, protocolId: number) =>
  and(eq(protocolSites.institutionId, ctx.institutionId), eq(protocolSites.collectionProtocolId, protocolId));

export async function listSites(ctx: InstCtx, protocolId: number, q: PagingQuery) {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  const joins = refs();
  // SearchTerm: the site's title.
  const where = and(
    scope(ctx, protocolId),
    eq(protocolSites.isEnabled, q.isEnabled ?? true),
    q.searchTerm ? ilike(joins[0].title, likePattern(q.searchTerm)) : undefined,
  );
  return selectRecords(ctx.db, protocolSites, {
    where,
    orderBy: asc(protocolSites.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: joins,
    extra,
  });
}

/**
 * Adds sites of any institution in one transaction. None chosen does nothing (spec 2 §5): 200 with
 * `added: 0`. A site already in the protocol is skipped, not an error (the picker may resend it).
 */
export async function addSites(ctx: InstCtx, protocolId: number, input: SitesInput) {
  const ids = [
    ...new Set([...(input.institutionSiteIds ?? []), ...(input.institutionSiteId ? [input.institutionSiteId] : [])]),
  ];
  const added = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx, true);
    if (!ids.length) return [];
    const found = await enabledSitesOfAnyInstitution(tx, ids);
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      throw badRequest(`Choose enabled institution sites (not found: ${missing.slice(0, 5).join(', ')}).`, {
        institutionSiteIds: ['Choose enabled institution sites'],
      });
    }
    const present = await tx
      .select({ siteId: protocolSites.institutionSiteId })
      .from(protocolSites)
      .where(
        and(scope(ctx, protocolId), eq(protocolSites.isEnabled, true), inArray(protocolSites.institutionSiteId, ids)),
      );
    const fresh = ids.filter((id) => !present.some((p) => p.siteId === id));
    if (!fresh.length) return [];
    const who = {
      institutionId: ctx.institutionId,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      collectionProtocolId: protocolId,
    };
    const rows = await tx
      .insert(protocolSites)
      .values(fresh.map((institutionSiteId) => ({ ...who, institutionSiteId })))
      .returning();
    for (const row of rows)
      await audit(tx, ctx, { entity: 'collectionProtocolSite', entityId: row.id, action: 'create', after: row });
    return rows.map((r) => r.id);
  });
  const sites = added.length
    ? (
        await selectRecords(ctx.db, protocolSites, {
          where: inArray(protocolSites.id, added),
          orderBy: asc(protocolSites.id),
          refs: refs(),
          extra,
        })
      ).rows
    : [];
  return { added: added.length, sites };
}

/** Removing a site disables it: events that name it keep it. */
export async function removeSite(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const { before, after } = await setEnabled(
      tx,
      protocolSites,
      scope(ctx, protocolId),
      id,
      false,
      ctx.account.id,
      ctx.now(),
      'Protocol site',
    );
    await audit(tx, ctx, { entity: 'collectionProtocolSite', entityId: id, action: 'disable', before, after });
  });
  const page = await selectRecords(ctx.db, protocolSites, {
    where: eq(protocolSites.id, id),
    orderBy: protocolSites.id,
    limit: 1,
    refs: refs(),
    extra,
  });
  return page.rows[0];
}

/** Whether a site is an enabled site of the protocol (an event's optional site must be). */
export async function isProtocolSite(ctx: Ctx, protocolId: number, siteId: number, db = ctx.db) {
  const [row] = await db
    .select({ id: protocolSites.id })
    .from(protocolSites)
    .where(
      and(
        scope({ institutionId: instOf(ctx) }, protocolId),
        eq(protocolSites.institutionSiteId, siteId),
        eq(protocolSites.isEnabled, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}
