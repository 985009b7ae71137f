import type { PagingQuery } from '../../../contract/common.contract';
import type { SitesInput } from '../../../contract/protocols.contract';
import { command, type InstCtx } from '../../platform/context';
import { protocolErrors } from './protocols.errors';
import { audit } from '../../platform/audit';
import { enabledSitesOfAnyInstitution } from '../institutions';
import {
  disableSiteRow,
  enabledSiteIdsAmong,
  insertSites,
  isEnabledProtocolSite,
  listSiteRows,
  siteRecords,
} from './sites.repository';
import { protocolOf } from './protocols.service';
import { MSG } from '../../../contract/messages';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

export async function listSites(ctx: InstCtx, protocolId: number, q: PagingQuery) {
  await protocolOf(ctx, protocolId);
  return listSiteRows(ctx.db, ctx.institutionId, protocolId, q);
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
      throw protocolErrors.sites_not_enabled(missing.slice(0, 5).join(', '), {
        institutionSiteIds: [MSG.chooseEnabledSites],
      });
    }
    const present = await enabledSiteIdsAmong(tx, ctx.institutionId, protocolId, ids);
    const fresh = ids.filter((id) => !present.includes(id));
    if (!fresh.length) return [];
    const who = {
      institutionId: ctx.institutionId,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      collectionProtocolId: protocolId,
    };
    const rows = await insertSites(
      tx,
      fresh.map((institutionSiteId) => ({ ...who, institutionSiteId })),
    );
    for (const row of rows)
      await audit(tx, ctx, { entity: 'collectionProtocolSite', entityId: row.id, action: 'create', after: row });
    return rows.map((r) => r.id);
  });
  const sites = added.length ? await siteRecords(ctx.db, added) : [];
  return { added: added.length, sites };
}

/** Removing a site disables it: events that name it keep it. */
export async function removeSite(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const { before, after } = await disableSiteRow(tx, ctx.institutionId, protocolId, id, ctx.account.id, ctx.now());
    await audit(tx, ctx, { entity: 'collectionProtocolSite', entityId: id, action: 'disable', before, after });
  });
  const [site] = await siteRecords(ctx.db, [id]);
  return site;
}

/** Whether a site is an enabled site of the protocol (an event's optional site must be). */
export async function isProtocolSite(ctx: InstCtx, protocolId: number, siteId: number, db = ctx.db) {
  return isEnabledProtocolSite(db, ctx.institutionId, protocolId, siteId);
}
