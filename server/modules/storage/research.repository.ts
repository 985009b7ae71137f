import { sql, type SQL } from 'drizzle-orm';
import { boxPositionOccupancies as o } from './storage.table';

// Issue 32 item 3: what the research catalogue asks of storage, as SQL it composes without naming this module's tables.

/** Whether the sample whose id `sampleId` names is in a box position now (an open occupancy: the unique index's rows). */
export function isStoredOf(sampleId: SQL): SQL {
  return sql`exists(select 1 from ${o} where ${o.collectedSampleId} = ${sampleId} and ${o.vacatedAt} is null)`;
}
