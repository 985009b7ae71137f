import type { ProtocolInput, ProtocolListQuery, ProtocolUpdate } from '../../../contract/protocols.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import {
  countEnabledProtocols,
  insertProtocol,
  listProtocolRows,
  protocolRecord,
  protocolRow,
  protocolWithCode,
  updateProtocolRow,
} from './protocols.repository';
import { protocolErrors } from './protocols.errors';
import { MSG } from '../../../contract/messages';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

/** Spec 2 §2 list: search by title, abbreviation or code; newest first. */
export async function listProtocols(ctx: InstCtx, q: ProtocolListQuery) {
  return listProtocolRows(ctx.db, ctx.institutionId, q);
}

/** GET collectionProtocols/count (spec 1 §7, the dashboard): enabled protocols of the institution, like patients/count. */
export async function countProtocols(ctx: InstCtx) {
  return countEnabledProtocols(ctx.db, ctx.institutionId);
}

export async function getProtocol(ctx: InstCtx, id: number, db: Db = ctx.db) {
  const row = await protocolRecord(db, ctx.institutionId, id);
  if (!row) throw notFound('Collection protocol');
  return row;
}

/** The code is unique per institution whatever its case (the unique index is the last word under races). */
async function assertCodeFree(tx: Db, inst: number, code: string, exceptId?: number) {
  const other = await protocolWithCode(tx, inst, code, exceptId);
  if (other) throw protocolErrors.code_taken(code, other.title, { code: [MSG.codeUsed] });
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
    const row = await insertProtocol(tx, {
      ...protocolValues(input, input.code),
      institutionId: inst,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
    });
    await audit(tx, ctx, { entity: 'collectionProtocol', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getProtocol(ctx, id);
}

export async function updateProtocol(ctx: InstCtx, id: number, input: ProtocolUpdate) {
  const inst = ctx.institutionId;
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    const current = await protocolRow(tx, inst, id);
    if (!current) throw notFound('Collection protocol');
    const code = input.code || current.code;
    if (code.toLowerCase() !== current.code.toLowerCase()) await assertCodeFree(tx, inst, code, id);
    const { before, after } = await updateProtocolRow(
      tx,
      inst,
      id,
      input.concurrencyStamp,
      protocolValues(input, code),
    );
    await audit(tx, ctx, { entity: 'collectionProtocol', entityId: id, action: 'update', before, after });
  });
  return getProtocol(ctx, id);
}

/**
 * The protocol of this institution, or 404 (another institution's protocol id is not found, never
 * forbidden: its existence is not disclosed). `lock` holds it for the rest of the transaction.
 */
export async function protocolOf(ctx: InstCtx, protocolId: number, db: Db = ctx.db, lock = false) {
  const row = await protocolRow(db, ctx.institutionId, protocolId, lock);
  if (!row) throw notFound('Collection protocol');
  return row;
}
