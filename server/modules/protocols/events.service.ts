import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { EventInput } from '../../../contract/protocol-events.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { assertLookupIds, lookupJoin } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { siteJoin } from '../institutions';
import { protocolEvents } from './protocols.table';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { isProtocolSite } from './sites.service';
import { qualified } from '../../platform/qualified';

const refs = () => [
  lookupJoin('unit', 'collectionProtocolEventUnitOfMeasurements', protocolEvents.unitId),
  siteJoin('institutionSite', protocolEvents.institutionSiteId, 'cp_event_site'),
];
// The time point in minutes: eventPoint x the unit's ToMinuteConversionRate.
const minutes = sql<number>`(${qualified(protocolEvents.eventPoint)} * coalesce((select u.to_minute_conversion_rate
  from collection_protocol_event_unit_of_measurements u where u.id = ${qualified(protocolEvents.unitId)}), 0))`;
const scope = (ctx: InstCtx, protocolId: number) =>
  and(eq(protocolEvents.institutionId, ctx.institutionId), eq(protocolEvents.collectionProtocolId, protocolId));

/** Events in time order (spec 2 §2: the first is selected by default); ties by creation. */
export async function listEvents(ctx: InstCtx, protocolId: number, q: PagingQuery) {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  // SearchTerm: the event's label or code.
  const p = q.searchTerm ? likePattern(q.searchTerm) : null;
  const where = and(
    scope(ctx, protocolId),
    q.isEnabled === undefined ? undefined : eq(protocolEvents.isEnabled, q.isEnabled),
    p ? or(ilike(protocolEvents.label, p), ilike(protocolEvents.eventCode, p)) : undefined,
  );
  return selectRecords(ctx.db, protocolEvents, {
    where,
    orderBy: [minutes, asc(protocolEvents.id)],
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra: { minutes },
  });
}

export async function getEvent(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  requirePermission(ctx, 'protocols.read');
  const page = await selectRecords(db, protocolEvents, {
    where: and(scope(ctx, protocolId), eq(protocolEvents.id, id)),
    orderBy: protocolEvents.id,
    limit: 1,
    refs: refs(),
    extra: { minutes },
  });
  if (!page.rows[0]) throw notFound('Event');
  return page.rows[0];
}

export async function createEvent(ctx: InstCtx, protocolId: number, input: EventInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    // Locked: two events with one code at once are decided one after the other.
    await protocolOf(ctx, protocolId, tx, true);
    const code = input.eventCode;
    const [taken] = await tx
      .select({ id: protocolEvents.id })
      .from(protocolEvents)
      .where(and(scope(ctx, protocolId), sql`lower(${protocolEvents.eventCode}) = ${code.toLowerCase()}`))
      .limit(1);
    if (taken)
      throw protocolErrors.event_code_taken(code, { eventCode: ['This code is already used in the protocol'] });
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
      throw protocolErrors.event_site({ institutionSiteId: ["Choose one of the protocol's sites"] });
    const [row] = await tx
      .insert(protocolEvents)
      .values({
        institutionId: inst,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
        collectionProtocolId: protocolId,
        label: input.label,
        eventCode: code,
        eventPoint: input.eventPoint ?? 0,
        unitId: input.collectionProtocolEventUnitOfMeasurementId,
        institutionSiteId: siteId,
      })
      .returning();
    await audit(tx, ctx, { entity: 'collectionProtocolEvent', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getEvent(ctx, protocolId, id);
}
