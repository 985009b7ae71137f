import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { qualified } from '../../platform/qualified';
import { siteJoin } from '../institutions';
import { protocolEvents } from './protocols.table';

// A protocol's events (spec 2 §7 "Protocol area").

const refs = () => [
  lookupJoin('unit', 'collectionProtocolEventUnitOfMeasurements', protocolEvents.unitId),
  siteJoin('institutionSite', protocolEvents.institutionSiteId, 'cp_event_site'),
];
// The time point in minutes: eventPoint x the unit's ToMinuteConversionRate.
const minutes = sql<number>`(${qualified(protocolEvents.eventPoint)} * coalesce((select u.to_minute_conversion_rate
  from collection_protocol_event_unit_of_measurements u where u.id = ${qualified(protocolEvents.unitId)}), 0))`;
const scope = (institutionId: number, protocolId: number) =>
  and(eq(protocolEvents.institutionId, institutionId), eq(protocolEvents.collectionProtocolId, protocolId));

/** Events in time order (spec 2 §2: the first is selected by default); ties by creation. SearchTerm: label or code. */
export async function listEventRows(
  db: Db,
  institutionId: number,
  protocolId: number,
  q: PagingQuery,
  language?: string,
) {
  const p = q.searchTerm ? likePattern(q.searchTerm) : null;
  const where = and(
    scope(institutionId, protocolId),
    q.isEnabled === undefined ? undefined : eq(protocolEvents.isEnabled, q.isEnabled),
    p ? or(ilike(protocolEvents.label, p), ilike(protocolEvents.eventCode, p)) : undefined,
  );
  return selectRecords(db, protocolEvents, {
    where,
    orderBy: [minutes, asc(protocolEvents.id)],
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra: { minutes },
    language,
  });
}

/** The event as the API answers it, or undefined. */
export async function eventRecord(db: Db, institutionId: number, protocolId: number, id: number, language?: string) {
  const page = await selectRecords(db, protocolEvents, {
    where: and(scope(institutionId, protocolId), eq(protocolEvents.id, id)),
    orderBy: protocolEvents.id,
    limit: 1,
    refs: refs(),
    extra: { minutes },
    language,
  });
  return page.rows[0];
}

/** Whether an event of the protocol has this code, in any case. */
export async function isEventCodeTaken(db: Db, institutionId: number, protocolId: number, code: string) {
  const [taken] = await db
    .select({ id: protocolEvents.id })
    .from(protocolEvents)
    .where(and(scope(institutionId, protocolId), sql`lower(${protocolEvents.eventCode}) = ${code.toLowerCase()}`))
    .limit(1);
  return Boolean(taken);
}

export async function insertEvent(db: Db, values: typeof protocolEvents.$inferInsert) {
  const [row] = await db.insert(protocolEvents).values(values).returning();
  return row;
}
