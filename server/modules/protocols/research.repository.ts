import { sql, type SQL } from 'drizzle-orm';
import { specimenRequirements as r } from './protocols.table';

// Issue 32 item 3: what the research catalogue asks of protocols, as SQL it composes without naming this module's tables.

/**
 * The anatomic site of a sample collected at event `eventId` with specimen type `specimenTypeId`: a sample records
 * no site of its own, the event's specimen requirement of that type names it. Null (not recorded) when no enabled
 * requirement of the event has that type, one of them names no site, or they name different sites.
 */
export function requirementAnatomicSiteOf(eventId: SQL, specimenTypeId: SQL): SQL {
  return sql`(select min(${r.anatomicSiteId}) from ${r} where ${r.eventId} = ${eventId}
    and ${r.specimenTypeId} = ${specimenTypeId} and ${r.isEnabled}
    having count(*) = count(${r.anatomicSiteId}) and count(distinct ${r.anatomicSiteId}) = 1)`;
}
