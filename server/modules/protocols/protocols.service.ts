import { and, eq, gte, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProtocolInput, ProtocolListQuery, ProtocolUpdate } from '../../../contract/protocols.contract';
import { command, type Ctx, instOf, type InstCtx, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { cheapCount } from '../../platform/counts';
import { updateStamped } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { collectionProtocols } from './protocols.table';
import { protocolRow } from './protocols.repository';
import { protocolErrors } from './protocols.errors';

/** Spec 2 §2 list: search by title, abbreviation or code; newest first. */
export async function listProtocols(ctx: InstCtx, q: ProtocolListQuery) {
  requirePermission(ctx, 'protocols.read');
  const parts: SQL[] = [eq(collectionProtocols.institutionId, ctx.institutionId)];
  if (q.isEnabled !== undefined) parts.push(eq(collectionProtocols.isEnabled, q.isEnabled));
  if (q.openOn) parts.push(or(isNull(collectionProtocols.endDate), gte(collectionProtocols.endDate, q.openOn))!);
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(
      or(
        ilike(collectionProtocols.title, p),
        ilike(collectionProtocols.abbreviation, p),
        ilike(collectionProtocols.code, p),
      )!,
    );
  }
  return selectRecords(ctx.db, collectionProtocols, {
    where: and(...parts),
    byId: { desc: true },
    limit: q.pageSize,
    offset: offsetOf(q),
  });
}

/** GET collectionProtocols/count (spec 1 §7, the dashboard): enabled protocols of the institution, like patients/count. */
export async function countProtocols(ctx: InstCtx) {
  requirePermission(ctx, 'protocols.read');
  return cheapCount(ctx.db, () =>
    ctx.db
      .select({ id: collectionProtocols.id })
      .from(collectionProtocols)
      .where(and(eq(collectionProtocols.institutionId, ctx.institutionId), eq(collectionProtocols.isEnabled, true)))
      .$dynamic(),
  );
}

export async function getProtocol(ctx: InstCtx, id: number, db: Db = ctx.db) {
  requirePermission(ctx, 'protocols.read');
  const page = await selectRecords(db, collectionProtocols, {
    where: and(eq(collectionProtocols.id, id), eq(collectionProtocols.institutionId, ctx.institutionId)),
    orderBy: collectionProtocols.id,
    limit: 1,
  });
  if (!page.rows[0]) throw notFound('Collection protocol');
  return page.rows[0];
}

/** The code is unique per institution whatever its case (the unique index is the last word under races). */
async function assertCodeFree(tx: Db, inst: number, code: string, exceptId?: number) {
  const [other] = await tx
    .select({ title: collectionProtocols.title })
    .from(collectionProtocols)
    .where(
      and(
        eq(collectionProtocols.institutionId, inst),
        sql`lower(${collectionProtocols.code}) = ${code.toLowerCase()}`,
        exceptId ? ne(collectionProtocols.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw protocolErrors.code_taken(code, other.title, { code: ['This code is already used'] });
}

function protocolValues(input: ProtocolInput | ProtocolUpdate, code: string) {
  return {
    title: input.title,
    abbreviation: input.abbreviation,
    code,
    startDate: input.startDate || null,
    endDate: input.endDate || null,
    expectedParticipants: input.expectedParticipants ?? 0,
  };
}

export async function createProtocol(ctx: InstCtx, input: ProtocolInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await assertCodeFree(tx, inst, input.code);
    const [row] = await tx
      .insert(collectionProtocols)
      .values({
        ...protocolValues(input, input.code),
        institutionId: inst,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
      })
      .returning();
    await audit(tx, ctx, { entity: 'collectionProtocol', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getProtocol(ctx, id);
}

export async function updateProtocol(ctx: InstCtx, id: number, input: ProtocolUpdate) {
  const inst = ctx.institutionId;
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    const [current] = await tx
      .select()
      .from(collectionProtocols)
      .where(and(eq(collectionProtocols.id, id), eq(collectionProtocols.institutionId, inst)))
      .limit(1);
    if (!current) throw notFound('Collection protocol');
    const code = input.code || current.code;
    if (code.toLowerCase() !== current.code.toLowerCase()) await assertCodeFree(tx, inst, code, id);
    const { before, after } = await updateStamped(
      tx,
      collectionProtocols,
      eq(collectionProtocols.institutionId, inst),
      id,
      input.concurrencyStamp,
      protocolValues(input, code),
      'Collection protocol',
    );
    await audit(tx, ctx, { entity: 'collectionProtocol', entityId: id, action: 'update', before, after });
  });
  return getProtocol(ctx, id);
}

/**
 * The protocol of this institution, or 404 (another institution's protocol id is not found, never
 * forbidden: its existence is not disclosed). `lock` holds it for the rest of the transaction.
 */
export async function protocolOf(ctx: Ctx, protocolId: number, db: Db = ctx.db, lock = false) {
  const row = await protocolRow(db, instOf(ctx), protocolId, lock);
  if (!row) throw notFound('Collection protocol');
  return row;
}
