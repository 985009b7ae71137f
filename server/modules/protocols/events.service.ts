import type { PagingQuery } from '../../../contract/common.contract';
import type { EventInput } from '../../../contract/protocol-events.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { eventRecord, insertEvent, isEventCodeTaken, listEventRows } from './events.repository';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { isProtocolSite } from './sites.service';
import { MSG } from '../../../contract/messages';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

/** Events in time order (spec 2 §2: the first is selected by default); ties by creation. */
export async function listEvents(ctx: InstCtx, protocolId: number, q: PagingQuery) {
  await protocolOf(ctx, protocolId);
  return listEventRows(ctx.db, ctx.institutionId, protocolId, q, ctx.language);
}

export async function getEvent(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  const row = await eventRecord(db, ctx.institutionId, protocolId, id, ctx.language);
  if (!row) throw notFound('Event');
  return row;
}

export async function createEvent(ctx: InstCtx, protocolId: number, input: EventInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    // Locked: two events with one code at once are decided one after the other.
    await protocolOf(ctx, protocolId, tx, true);
    const code = input.eventCode;
    if (await isEventCodeTaken(tx, inst, protocolId, code))
      throw protocolErrors.event_code_taken(code, { eventCode: [MSG.codeUsedInProtocol] });
    await assertLookupIds(tx, inst, [
      {
        key: 'collectionProtocolEventUnitOfMeasurements',
        id: input.collectionProtocolEventUnitOfMeasurementId,
        field: 'collectionProtocolEventUnitOfMeasurementId',
        label: 'Unit',
      },
    ]);
    const siteId = input.institutionSiteId ?? null;
    if (siteId && !(await isProtocolSite(ctx, protocolId, siteId, tx)))
      throw protocolErrors.event_site({ institutionSiteId: [MSG.chooseProtocolSite] });
    const row = await insertEvent(tx, {
      institutionId: inst,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      collectionProtocolId: protocolId,
      label: input.label,
      eventCode: code,
      eventPoint: input.eventPoint ?? 0,
      unitId: input.collectionProtocolEventUnitOfMeasurementId,
      institutionSiteId: siteId,
    });
    await audit(tx, ctx, { entity: 'collectionProtocolEvent', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getEvent(ctx, protocolId, id);
}
