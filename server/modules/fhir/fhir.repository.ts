import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRows } from '../../platform/json-rows';
import { exportPatientsQuery } from '../participants';
import { exportConsentsQuery, exportEnrolmentsQuery, exportProtocolsQuery, protocolIdsOfPatients } from '../protocols';
import { exportFormsQuery, exportSubmissionsQuery, formIdsOfPatients } from '../forms';
import { exportSamplesQuery, sampleIdsOf } from '../samples';
import { exportNodesAboveSamplesJson, exportSamplePlacesQuery } from '../storage';
import { exportOrdersQuery, exportReleasedResultsQuery } from '../orders';

// The FHIR export's one statement per participant bundle (issue 30 item 4, docs/fhir.md): it names no table,
// it places each module's own export select side by side.

/**
 * The reads of a participant bundle as one statement (json-rows.ts): each module's own export select (its
 * tables, its columns, its rules), placed as a json sub-select, with the institution and the participant as
 * placeholders. Dependent reads take their ids from a sub-select of the module that owns them (the protocols
 * of the participant's enrolments, the forms of its submissions, the places of its samples and the storage
 * above them, the released results of its orders), so nothing waits for a round trip.
 */
function participantStatement(db: Db, partLimit: number) {
  // Built once per database handle with placeholders, prepared by name (parsed and planned once per connection).
  const inst = sql.placeholder('inst');
  const pid = sql.placeholder('pid');
  const mine = { patientIds: [pid], limit: partLimit };
  const parts = {
    patient: jsonRows(exportPatientsQuery(db, inst, [pid])),
    enrolments: jsonRows(exportEnrolmentsQuery(db, inst, mine)),
    protocols: jsonRows(
      exportProtocolsQuery(db, inst, { idsIn: protocolIdsOfPatients(inst, [pid]), limit: partLimit }),
    ),
    consents: jsonRows(exportConsentsQuery(db, inst, mine, false)),
    samples: jsonRows(exportSamplesQuery(db, inst, mine)),
    places: jsonRows(exportSamplePlacesQuery(db, inst, sampleIdsOf(inst, mine))),
    nodes: exportNodesAboveSamplesJson(inst, sampleIdsOf(inst, mine)),
    submissions: jsonRows(exportSubmissionsQuery(db, inst, mine)),
    forms: jsonRows(exportFormsQuery(db, inst, { idsIn: formIdsOfPatients(inst, [pid]), limit: partLimit })),
    orders: jsonRows(exportOrdersQuery(db, inst, mine)),
    results: jsonRows(exportReleasedResultsQuery(db, inst, { ordersOf: mine }, partLimit)),
  };
  const fields = Object.fromEntries(Object.entries(parts).map(([k, p]) => [k, sql<unknown>`${p.sql}`])) as Record<
    keyof typeof parts,
    SQL<unknown>
  >;
  const statement = db
    .select(fields)
    .from(sql`(select 1) as one`)
    .prepare(`fhir_participant_bundle_${partLimit}`);
  return { parts, statement };
}
const participantStatements = new WeakMap<Db, Map<string, ReturnType<typeof participantStatement>>>();

/** Runs a participant bundle's statement (`partLimit` rows at most per read) and gives each read's rows, decoded as when run alone. */
export async function readParticipantBundle(db: Db, institutionId: number, patientId: number, partLimit: number) {
  const key = `${partLimit}`;
  let byLimit = participantStatements.get(db);
  if (!byLimit) participantStatements.set(db, (byLimit = new Map()));
  let built = byLimit.get(key);
  if (!built) byLimit.set(key, (built = participantStatement(db, partLimit)));
  const { parts, statement } = built;
  const [raw] = (await statement.execute({ inst: institutionId, pid: patientId })) as Record<string, unknown>[];
  return <K extends keyof typeof parts>(k: K) => parts[k].decode(raw[k]) as ReturnType<(typeof parts)[K]['decode']>;
}
