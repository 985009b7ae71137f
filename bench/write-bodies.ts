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

/** A new participant with this MRN (register participant). */
export const registerBody = (world: WriteWorld, mrn: string) => ({
  PatientMRN: mrn,
  FirstName: 'Almaz',
  FatherName: 'Load',
  GrandFatherName: 'Test',
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

/** One primary sample of the generated event for the participant `n` places after the first (collect). */
export const collectBody = (world: WriteWorld, n: number) => ({
  CollectionProtocolEventId: world.eventId,
  PatientId: world.patientBase + 1 + n,
  InstitutionSiteId: world.siteId,
  CollectedDate: '2026-03-14',
  CollectedTime: '09:30',
  Rows: [{ Key: 'a', SpecimenTypeId: world.specimenTypeId, Quantity: 5, UnitOfMeasurementId: world.unitId }],
});

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
