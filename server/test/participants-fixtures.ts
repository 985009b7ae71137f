import { sql, type SQL } from 'drizzle-orm';
import type { TestApp } from './harness';

type Rec = Record<string, unknown> & { id: number; title?: string };

/** Ids of the institution's seeded reference data, looked up by title through the API. */
export async function referenceIds(t: TestApp, instId: number, token: string) {
  const list = async (key: string) =>
    (await t.call('GET', `/api/institutions/${instId}/${key}?PageSize=100`, { token })).json() as Rec[];
  const byTitle = (rows: Rec[], title: string) => rows.find((r) => r.title === title)!.id;
  const [types, genders, marital, vital, races, ethnicities, phoneTypes, sites] = await Promise.all(
    [
      'patientTypes',
      'genders',
      'maritalStatuses',
      'vitalStatuses',
      'races',
      'ethnicities',
      'phoneNumberTypes',
      'institutionSites',
    ].map(list),
  );
  return {
    outpatient: byTitle(types, 'Outpatient'),
    female: byTitle(genders, 'Female'),
    male: byTitle(genders, 'Male'),
    single: byTitle(marital, 'Single'),
    alive: byTitle(vital, 'Alive'),
    dead: byTitle(vital, 'Dead'),
    asian: byTitle(races, 'Asian'),
    black: byTitle(races, 'Black or African American'),
    white: byTitle(races, 'White'),
    notHispanic: byTitle(ethnicities, 'Not Hispanic or Latino'),
    hispanic: byTitle(ethnicities, 'Hispanic or Latino'),
    mobile: byTitle(phoneTypes, 'Mobile'),
    site: sites[0].id,
  };
}

export type RefIds = Awaited<ReturnType<typeof referenceIds>>;

export const participant = (r: RefIds, over: Record<string, unknown> = {}) => ({
  PatientMRN: `MRN-${Math.random().toString(36).slice(2, 9)}`,
  FirstName: 'Almaz',
  FatherName: 'Tesfaye',
  GrandFatherName: 'Bekele',
  PatientTypeId: r.outpatient,
  GenderId: r.female,
  MaritalStatusId: r.single,
  VitalStatusId: r.alive,
  BirthDate: '1984-03-12',
  BirthTime: '08:30',
  races: [r.black],
  ethnicities: [r.notHispanic],
  phoneNumbers: [],
  siteMrns: [],
  ...over,
});

/**
 * `count` participants of the institution in one insert, for tests that need many (paging, search, plans): born
 * 1980-01-01 08:00, outpatient, female, single, alive. A name part is a text, or SQL over `g`, the row's number
 * from 1 (`sql\`case when g % 3 = 0 then 'X' else 'Y' end\``).
 */
export async function insertParticipants(
  t: TestApp,
  institutionId: number,
  r: RefIds,
  count: number,
  names: { first: string | SQL; father?: string | SQL; grandFather?: string | SQL },
) {
  await t.db.execute(sql`insert into patients (institution_id, first_name, father_name, grand_father_name,
      birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, concurrency_stamp)
    select ${institutionId}, ${names.first}, ${names.father ?? 'Father'}, ${names.grandFather ?? 'Grand'},
      date '1980-01-01', '08:00', ${r.outpatient}, ${r.female}, ${r.single}, ${r.alive}, md5(g::text)
    from generate_series(1, ${count}) g`);
}
