import { and, asc, eq, gte, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProtocolListQuery } from '../../../contract/protocols.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { cheapCount } from '../../platform/counts';
import { preparedStatements } from '../../platform/statement-cache';
import { updateStamped } from '../../platform/crud/stamp';
import {
  collectionProtocols,
  participantConsents,
  protocolConsents,
  protocolEvents,
  protocolParticipants,
  protocolSites,
} from './protocols.table';

// The protocols' own SQL, and the reads other modules (samples, forms, shipments) need from protocols
// without touching its tables.

/** Spec 2 §2 list: search by title, abbreviation or code; newest first. */
export async function listProtocolRows(db: Db, institutionId: number, q: ProtocolListQuery) {
  const parts: SQL[] = [eq(collectionProtocols.institutionId, institutionId)];
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
  return selectRecords(db, collectionProtocols, {
    where: and(...parts),
    byId: { desc: true },
    limit: q.pageSize,
    offset: offsetOf(q),
  });
}

/** The institution's enabled protocols, counted as the dashboard counts (`cheapCount`). */
export async function countEnabledProtocols(db: Db, institutionId: number) {
  return cheapCount(db, () =>
    db
      .select({ id: collectionProtocols.id })
      .from(collectionProtocols)
      .where(and(eq(collectionProtocols.institutionId, institutionId), eq(collectionProtocols.isEnabled, true)))
      .$dynamic(),
  );
}

/** The protocol as the API answers it, or undefined. */
export async function protocolRecord(db: Db, institutionId: number, id: number) {
  const page = await selectRecords(db, collectionProtocols, {
    where: and(eq(collectionProtocols.id, id), eq(collectionProtocols.institutionId, institutionId)),
    orderBy: collectionProtocols.id,
    limit: 1,
  });
  return page.rows[0];
}

/** Another protocol of the institution whose code is `code` in any case (`exceptId` excluded), or undefined. */
export async function protocolWithCode(db: Db, institutionId: number, code: string, exceptId?: number) {
  const [other] = await db
    .select({ title: collectionProtocols.title })
    .from(collectionProtocols)
    .where(
      and(
        eq(collectionProtocols.institutionId, institutionId),
        sql`lower(${collectionProtocols.code}) = ${code.toLowerCase()}`,
        exceptId ? ne(collectionProtocols.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return other;
}

export type NewProtocol = typeof collectionProtocols.$inferInsert;

export async function insertProtocol(db: Db, values: NewProtocol) {
  const [row] = await db.insert(collectionProtocols).values(values).returning();
  return row;
}

/** Updates a protocol of the institution guarded by its concurrency stamp; the rows before and after. */
export async function updateProtocolRow(
  db: Db,
  institutionId: number,
  id: number,
  stamp: string | undefined,
  values: Partial<NewProtocol>,
) {
  return updateStamped(
    db,
    collectionProtocols,
    eq(collectionProtocols.institutionId, institutionId),
    id,
    stamp,
    values,
    'Collection protocol',
  );
}

/** protocolRow's select, prepared by name (issue 30: every collection and allocation reads the protocol first). */
const protocolRowStatement = preparedStatements('protocols.row', (db: Db, lock: boolean) => {
  const q = db
    .select()
    .from(collectionProtocols)
    .where(
      and(
        eq(collectionProtocols.id, sql.placeholder('protocolId')),
        eq(collectionProtocols.institutionId, sql.placeholder('inst')),
      ),
    )
    .limit(1)
    .$dynamic();
  return lock ? q.for('update') : q;
});

/** The protocol row of this institution, or undefined (`lock`: held for the rest of the transaction). */
export async function protocolRow(db: Db, institutionId: number, protocolId: number, lock = false) {
  const [row] = await protocolRowStatement(db, lock ? 'lock' : '', true, lock).execute({
    protocolId,
    inst: institutionId,
  });
  return row;
}

/** A protocol's title as a scalar sub-select for another module's query (`protocolId` is an outer expression). */
export const protocolTitleOf = (protocolId: SQL) =>
  sql<
    string | null
  >`(select ${collectionProtocols.title} from ${collectionProtocols} where ${collectionProtocols.id} = ${protocolId})`;

/** A patient's enrolment in the protocol (enabled or not), or undefined. */
export async function enrolmentOf(db: Db, institutionId: number, protocolId: number, patientId: number) {
  const [row] = await db
    .select({ id: protocolParticipants.id, isEnabled: protocolParticipants.isEnabled })
    .from(protocolParticipants)
    .where(
      and(
        eq(protocolParticipants.institutionId, institutionId),
        eq(protocolParticipants.collectionProtocolId, protocolId),
        eq(protocolParticipants.patientId, patientId),
      ),
    )
    .limit(1);
  return row;
}

/** An event of the protocol with its label and optional site, or undefined. */
export async function protocolEventOf(db: Db, institutionId: number, protocolId: number, eventId: number) {
  const [row] = await db
    .select({ id: protocolEvents.id, label: protocolEvents.label, institutionSiteId: protocolEvents.institutionSiteId })
    .from(protocolEvents)
    .where(
      and(
        eq(protocolEvents.institutionId, institutionId),
        eq(protocolEvents.collectionProtocolId, protocolId),
        eq(protocolEvents.id, eventId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Where a collection comes from, in ONE statement (issue 30: collect read these three one at a time): the patient's
 * enrolment in the protocol, the protocol's event, and whether the site (the one given, else the event's) is an
 * enabled site of the protocol; the caller checks them in its order. `siteOk` is null when no site is known.
 */
export async function collectionOrigin(
  db: Db,
  institutionId: number,
  protocolId: number,
  v: { patientId: number; eventId: number; siteId: number | null },
) {
  const [row] = await originStatement(db, '', true).execute({ inst: institutionId, protocolId, ...v });
  return row;
}

/** collectionOrigin's statement, prepared by name (issue 30: planned on every collection before, 1 ms of 0.2 to run). */
const originStatement = preparedStatements('protocols.collection.origin', (db: Db) => {
  const inst = sql.placeholder('inst');
  const protocolId = sql.placeholder('protocolId');
  const eventId = sql.placeholder('eventId');
  const event = sql`(select ${protocolEvents.institutionSiteId} from ${protocolEvents} where ${protocolEvents.institutionId} = ${inst}::int
    and ${protocolEvents.collectionProtocolId} = ${protocolId}::int and ${protocolEvents.id} = ${eventId}::int limit 1)`;
  return db
    .select({
      enrolment: sql<{
        id: number;
        isEnabled: boolean;
      } | null>`(select json_build_object('id', ${protocolParticipants.id}, 'isEnabled', ${protocolParticipants.isEnabled}) from ${protocolParticipants}
        where ${protocolParticipants.institutionId} = ${inst}::int and ${protocolParticipants.collectionProtocolId} = ${protocolId}::int
        and ${protocolParticipants.patientId} = ${sql.placeholder('patientId')}::int limit 1)`,
      event: sql<{
        id: number;
        label: string;
        institutionSiteId: number | null;
      } | null>`(select json_build_object('id', ${protocolEvents.id}, 'label', ${protocolEvents.label}, 'institutionSiteId', ${protocolEvents.institutionSiteId})
        from ${protocolEvents} where ${protocolEvents.institutionId} = ${inst}::int and ${protocolEvents.collectionProtocolId} = ${protocolId}::int
        and ${protocolEvents.id} = ${eventId}::int limit 1)`,
      siteOk: sql<
        boolean | null
      >`(select exists (select 1 from ${protocolSites} where ${protocolSites.institutionId} = ${inst}::int
        and ${protocolSites.collectionProtocolId} = ${protocolId}::int and ${protocolSites.isEnabled}
        and ${protocolSites.institutionSiteId} = s.id) from (select coalesce(${sql.placeholder('siteId')}::int, ${event}) as id) s where s.id is not null)`,
    })
    .from(sql`(select 1) as one`);
});

/** An event as `{id, label}`, a scalar sub-select for another module's query (`eventId` is an outer expression). */
export const eventRefOf = (eventId: SQL) =>
  sql<{
    id: number;
    label: string;
  } | null>`(select json_build_object('id', e.id, 'label', e.label) from collection_protocol_events e where e.id = ${eventId})`;

/** A patient's withdrawn consents in the institution, oldest first (a sample's history shows them). */
export async function withdrawalsOf(db: Db, institutionId: number, patientId: number) {
  return db
    .select({
      consent: protocolConsents.title,
      withdrawnDate: participantConsents.withdrawnDate,
      withdrawnAt: participantConsents.withdrawnAt,
      withdrawnById: participantConsents.withdrawnById,
      reason: participantConsents.withdrawalReason,
      effect: participantConsents.withdrawalEffect,
    })
    .from(participantConsents)
    .innerJoin(protocolConsents, eq(protocolConsents.id, participantConsents.consentId))
    .where(
      and(
        eq(participantConsents.institutionId, institutionId),
        eq(participantConsents.patientId, patientId),
        isNotNull(participantConsents.withdrawnDate),
      ),
    )
    .orderBy(asc(participantConsents.withdrawnAt));
}

/** The institution's protocols (enabled or not) whose abbreviation is one of these (any case), as abbreviation (lower case) -> ids. */
export async function protocolIdsByAbbreviation(db: Db, institutionId: number, abbreviations: string[]) {
  const wanted = [...new Set(abbreviations.map((a) => a.trim().toLowerCase()))];
  const ids = new Map<string, number[]>(wanted.map((a) => [a, []]));
  if (!wanted.length) return ids;
  const rows = await db
    .select({ id: collectionProtocols.id, abbreviation: collectionProtocols.abbreviation })
    .from(collectionProtocols)
    .where(
      and(
        eq(collectionProtocols.institutionId, institutionId),
        inArray(sql`lower(btrim(${collectionProtocols.abbreviation}))`, wanted),
      ),
    );
  for (const r of rows) ids.get(r.abbreviation.trim().toLowerCase())?.push(r.id);
  return ids;
}

/** The institution's protocols whose code or title is `text` (any case): an import names a protocol either way. */
export async function protocolsNamed(db: Db, institutionId: number, text: string) {
  const t = text.trim().toLowerCase();
  return db
    .select({ id: collectionProtocols.id, code: collectionProtocols.code, title: collectionProtocols.title })
    .from(collectionProtocols)
    .where(
      and(
        eq(collectionProtocols.institutionId, institutionId),
        sql`(lower(${collectionProtocols.code}) = ${t} or lower(btrim(${collectionProtocols.title})) = ${t})`,
      ),
    )
    .orderBy(asc(collectionProtocols.id))
    .limit(2);
}

/** A protocol's events (id, label, code), oldest first. */
export async function protocolEventsOf(db: Db, institutionId: number, protocolId: number) {
  return db
    .select({
      id: protocolEvents.id,
      label: protocolEvents.label,
      eventCode: protocolEvents.eventCode,
      institutionSiteId: protocolEvents.institutionSiteId,
    })
    .from(protocolEvents)
    .where(and(eq(protocolEvents.institutionId, institutionId), eq(protocolEvents.collectionProtocolId, protocolId)))
    .orderBy(asc(protocolEvents.id));
}

/** The protocol's enabled site ids. */
export async function protocolSiteIds(db: Db, protocolId: number) {
  return (
    await db
      .select({ id: protocolSites.institutionSiteId })
      .from(protocolSites)
      .where(and(eq(protocolSites.collectionProtocolId, protocolId), eq(protocolSites.isEnabled, true)))
      .orderBy(asc(protocolSites.id))
  ).map((r) => r.id);
}
