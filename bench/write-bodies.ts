// The load run's writes as bodies (bench/load.ts, bench/write-statements.ts) and the bench administrator's
// sign-in (bench-app.ts, route-statements.ts, write-statements.ts): one copy, so both benches send the same requests.
import type { App } from '../server/platform/app-types';

/** The ids of bench/generate.ts's world file that the write bodies use. */
export interface WriteWorld {
  patientBase: number;
  eventId: number;
  siteId: number;
  specimenTypeId: number;
  unitId: number;
  refs: Record<string, number>;
}

/** bench/fill.ts's common names, in its order. */
const NAMES = ['Abebe', 'Almaz', 'Tesfaye', 'Selam', 'Girma', 'Hana', 'Bekele', 'Meron', 'Dawit', 'Tigist', 'Yonas'];

/**
 * A new participant with this MRN (register participant). Its names vary with the MRN, as the generated ones do: with
 * one name for all of them, a load run's thousands of registrations became the newest participants of the database
 * and every later run's name searches measured that data (their newest-first walk found no 'Abebe' there).
 */
export const registerBody = (world: WriteWorld, mrn: string) => ({
  PatientMRN: mrn,
  FirstName: NAMES[hashOf(mrn) % NAMES.length],
  FatherName: NAMES[hashOf(`${mrn}f`) % NAMES.length],
  GrandFatherName: `Load${hashOf(`${mrn}g`) % 1000}`,
  PatientTypeId: world.refs.outpatient,
  GenderId: world.refs.female,
  MaritalStatusId: world.refs.single,
  VitalStatusId: world.refs.alive,
  BirthDate: '1984-03-12',
  BirthTime: '08:30',
  races: [world.refs.black],
  ethnicities: [world.refs.notHispanic],
  phoneNumbers: [],
  siteMrns: [],
});

/** A small, stable hash of a string (FNV-1a), for names that vary with the MRN. */
function hashOf(s: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** One primary sample of the generated event for the participant `n` places after the first (collect). */
export const collectBody = (world: WriteWorld, n: number) => ({
  CollectionProtocolEventId: world.eventId,
  PatientId: world.patientBase + 1 + n,
  InstitutionSiteId: world.siteId,
  CollectedDate: '2026-03-14',
  CollectedTime: '09:30',
  Rows: [{ Key: 'a', SpecimenTypeId: world.specimenTypeId, Quantity: 5, UnitOfMeasurementId: world.unitId }],
});

/**
 * The unreleased numeric results of the generated database (save result), newest first, with their concurrency stamps
 * and results as they are now: read again before each run (a save changes the stamp). A small database has a few
 * thousand (bench/generate.ts releases most): un-release more of them on your own database for long runs.
 */
export const unreleasedResultsQuery = `select r.id, t.lims_order_id as "orderId", r.concurrency_stamp as stamp, r.result
  from lims_ordered_test_results r
  join lims_ordered_tests t on t.id = r.lims_ordered_test_id join tests te on te.id = t.test_id
  join lims_ordered_test_result_releases rr on rr.lims_ordered_test_result_id = r.id
  where r.institution_id = 1 and te.has_range and not te.has_accepted_value and not rr.is_released
  order by r.id desc limit 200000`;

/** The save result request of the k-th of these results: the order's results PUT, 4.2 (4.3 where it holds 4.2). */
export function saveResultRequest(inst: string, results: Record<string, unknown>[], k: number) {
  const r = results[k];
  if (!r) throw new Error('out of unreleased results: a larger database, or fewer seconds');
  return {
    path: `${inst}/LIMSOrders/${String(r.orderId)}/results`,
    body: {
      results: [{ resultId: Number(r.id), result: r.result === '4.2' ? '4.3' : '4.2', concurrencyStamp: r.stamp }],
    },
  };
}

/** A box's API path under the generated storage chain (container, shelf, rack, drawer) above it. */
export const boxPath = (inst: string, chain: number[], box: number) =>
  inst +
  [
    'storageContainers',
    'storageContainerShelfs',
    'storageContainerRacks',
    'storageContainerDrawers',
    'storageContainerBoxes',
  ]
    .map((segment, i) => `/${segment}/${[...chain, box][i]}`)
    .join('');

/** The bench administrator's token (bench-app.ts makes the account on a fresh database). */
export async function benchToken(app: App): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/Authentication/login',
    payload: { userName: 'bench@lab.local', password: 'Bench-Pass-1' },
  });
  return res.json().token as string;
}
