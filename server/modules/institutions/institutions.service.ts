import type {
  InstitutionInput,
  InstitutionUpdate,
  SiteInput,
  SiteUpdate,
} from '../../../contract/institutions.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import { type Ctx, type InstCtx, belongsTo, command } from '../../platform/context';
import { notFound, isUniqueViolation } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { seedReferenceData } from '../../db/seed/reference-data';
import { institutionErrors } from './institutions.errors';
import * as repo from './institutions.repository';

async function uniqueTitle<T>(what: 'An institution' | 'A site', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw institutionErrors.title_taken(what);
    throw err;
  }
}

/** Institutions the account belongs to (all of them for a Super Administrator). */
export async function listInstitutions(ctx: Ctx, q: PagingQuery) {
  return repo.institutionPage(ctx.db, q, ctx.account.isSuperAdmin ? null : ctx.account.institutionIds);
}

export async function getInstitution(ctx: Ctx, id: number) {
  if (!belongsTo(ctx.account, id)) throw notFound('Institution');
  const row = await repo.institutionRecord(ctx.db, id);
  if (!row) throw notFound('Institution');
  return row;
}

export async function createInstitution(ctx: Ctx, input: InstitutionInput) {
  const id = await uniqueTitle('An institution', () =>
    command(ctx, 'institutions.create', async (tx) => {
      const row = await repo.insertInstitution(tx.db, input, tx.account.id);
      await seedReferenceData(tx.db, row.id, tx.account.id);
      await audit(tx.db, tx, {
        entity: 'institution',
        entityId: row.id,
        action: 'create',
        after: row,
        institutionId: row.id,
      });
      return row.id;
    }),
  );
  return getInstitution(ctx, id);
}

/**
 * PUT /institutions/{id}, and PUT /institutions with the id in the body: the role must be held in THAT
 * institution, so the command runs in the institution edited, whatever the route's own context is.
 */
export async function updateInstitution(ctx: Ctx, id: number, input: InstitutionUpdate) {
  if (!belongsTo(ctx.account, id)) throw notFound('Institution');
  const edited: InstCtx = { ...ctx, institutionId: id };
  const { concurrencyStamp, id: _ignored, ...values } = input;
  await uniqueTitle('An institution', () =>
    command(edited, 'institutions.manage', async (tx) => {
      const { before, after } = await repo.updateInstitutionRow(tx.db, id, concurrencyStamp, values);
      await audit(tx.db, tx, {
        entity: 'institution',
        entityId: id,
        action: 'update',
        before,
        after,
        institutionId: id,
      });
    }),
  );
  return getInstitution(ctx, id);
}

export async function setInstitutionEnabled(ctx: InstCtx, enabled: boolean) {
  const id = ctx.institutionId;
  await command(ctx, 'institutions.create', async (tx) => {
    const { before, after } = await repo.setInstitutionEnabledRow(tx.db, id, enabled, tx.account.id, tx.now());
    await audit(tx.db, tx, {
      entity: 'institution',
      entityId: id,
      action: enabled ? 'enable' : 'disable',
      before,
      after,
      institutionId: id,
    });
  });
  return getInstitution(ctx, id);
}

// ---- sites: readable for any institution (spec 1 §7), changed only in your own.

export async function listSites(ctx: InstCtx, q: PagingQuery) {
  if (!(await repo.institutionExists(ctx.db, ctx.institutionId))) throw notFound('Institution');
  return repo.sitePage(ctx.db, ctx.institutionId, q);
}

export async function getSite(ctx: InstCtx, siteId: number) {
  const row = await repo.siteRecord(ctx.db, ctx.institutionId, siteId);
  if (!row) throw notFound('Institution site');
  return row;
}

export async function createSite(ctx: InstCtx, input: SiteInput) {
  const id = await uniqueTitle('A site', () =>
    command(ctx, 'sites.manage', async (tx) => {
      const row = await repo.insertSite(tx.db, tx.institutionId, input, tx.account.id);
      await audit(tx.db, tx, { entity: 'institutionSite', entityId: row.id, action: 'create', after: row });
      return row.id;
    }),
  );
  return getSite(ctx, id);
}

export async function updateSite(ctx: InstCtx, siteId: number, input: SiteUpdate) {
  await uniqueTitle('A site', () =>
    command(ctx, 'sites.manage', async (tx) => {
      const { before, after } = await repo.updateSiteRow(
        tx.db,
        tx.institutionId,
        siteId,
        input.concurrencyStamp,
        input,
      );
      await audit(tx.db, tx, { entity: 'institutionSite', entityId: siteId, action: 'update', before, after });
    }),
  );
  return getSite(ctx, siteId);
}

export async function setSiteEnabled(ctx: InstCtx, siteId: number, enabled: boolean) {
  await command(ctx, 'sites.manage', async (tx) => {
    const { before, after } = await repo.setSiteEnabledRow(
      tx.db,
      tx.institutionId,
      siteId,
      enabled,
      tx.account.id,
      tx.now(),
    );
    await audit(tx.db, tx, {
      entity: 'institutionSite',
      entityId: siteId,
      action: enabled ? 'enable' : 'disable',
      before,
      after,
    });
  });
  return getSite(ctx, siteId);
}
