// Issue 33 (every word in the user's language): the reference data seeded for each institution carries French titles
// (server/db/seed/reference-data.ts), new institutions at creation and existing ones through migration
// 0059_seeded_lookup_french_titles, which never overwrites an institution's own title. A French reader sees them
// wherever lists show lookup titles in the reader's language, the shipments' items and candidates included.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, json } from './harness';
import { createInstitution, signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { protocolRefs } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { receivedKit } from './received-fixtures';
import { labSetup, placeLabOrder } from './orders-fixtures';
import { nodePath, storageChain, storageRefs } from './storage-fixtures';
import { migrationsFolder, rowsOf } from '../db/client';
import { seededFrenchTitles, seededFrenchTitlesSql } from '../db/seed/reference-data';
import { LOOKUP_BY_KEY } from '../../contract/lookups.registry';
import { lookupTables } from '../platform/lookups/lookup.tables';

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string, id = inst) => `/api/institutions/${id}/${p}`;
const FR = { 'accept-language': 'fr' };
type Rec = Record<string, unknown> & { id: number };
type Titled = Rec & { title: string; titles: Record<string, string> | null };
const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };
const MIGRATION = path.join(migrationsFolder, '0059_seeded_lookup_french_titles.sql');
const get = async <T>(url: string, token: string, headers?: Record<string, string>) => {
  const res = await t.call('GET', url, { token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};

describe("the seeded lists' French titles", () => {
  it('covers every seeded row of every seeded list, in French words that differ from the English', () => {
    const titles = seededFrenchTitles();
    expect(titles.genders).toEqual({ Female: 'Femme', Male: 'Homme', Other: 'Autre', Unknown: 'Inconnu' });
    expect(titles.patientTypes.Outpatient).toBe('Ambulatoire');
    expect(titles.subSampleLineages.Aliquot).toBe('Aliquote');
    expect(titles.specimenTypes['Whole Blood']).toBe('Sang total');
    // The same word needs no French title: it would only hide a later edit of the English one.
    expect(titles.specimenTypes.Plasma).toBeUndefined();
    for (const key of Object.keys(titles)) expect(LOOKUP_BY_KEY[key]?.titleField, key).toBeTruthy();
  });

  it('gives a new institution its French titles, so its lists answer a French reader in French', async () => {
    const su = await signedIn(t, ['Super Administrator']);
    const made = await t.call('POST', '/api/institutions', {
      token: su.token,
      body: { Title: `Institut ${Date.now().toString(36)}`, Abbreviation: 'IFR', Address: '1 rue des Cellules' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = json<Rec>(made).id;
    const expected = seededFrenchTitles();
    for (const [key, french] of Object.entries(expected)) {
      const field = LOOKUP_BY_KEY[key].titleField!;
      const rows = await get<Rec[]>(`${api(key, id)}?PageSize=100`, su.token);
      expect(rows.length, key).toBeGreaterThan(0);
      for (const row of rows) {
        const english = String(row[field]);
        expect(row.titles, `${key} ${english}`).toEqual(french[english] ? { fr: french[english] } : null);
      }
    }
  });

  it("says a participant's seeded gender in the reader's language", async () => {
    const made = await t.call('POST', api('patients/register'), {
      token: A.token,
      body: participant(refs.participant),
    });
    expect(made.statusCode, made.body).toBe(201);
    const one = api(`patients/${json<Rec>(made).id}`);
    type Patient = { gender: { title: string } | null };
    expect((await get<Patient>(one, A.token, FR)).gender?.title).toBe('Femme');
    expect((await get<Patient>(one, A.token)).gender?.title).toBe('Female');
  });

  it('finds a lookup by the title its reader sees, as a picker searches', async () => {
    const search = async (term: string, headers?: Record<string, string>) =>
      (await get<Titled[]>(api(`ethnicities?SearchTerm=${encodeURIComponent(term)}`), A.token, headers)).map(
        (r) => r.title,
      );
    expect(await search('ni hispanique', FR)).toEqual(['Not Hispanic or Latino']);
    // The default title is still found in French, and English readers search the default title only.
    expect(await search('not hispanic', FR)).toEqual(['Not Hispanic or Latino']);
    expect(await search('ni hispanique')).toEqual([]);
  });

  it("lists a shipment's items and the samples to ship with their seeded titles in the reader's language", async () => {
    const w = await sampleSetUp(t, A.institution, A.token, refs);
    const sample = await w.sample({ SampleID: `LSFR-${Date.now().toString(36)}` });
    type Sample = { id: number; specimenType: { title: string }; unitOfMeasurement: { unitName: string } };
    const candidates = api(`collectedSampleShipments/candidates?SampleId=${sample.sampleId}`);
    const candidate = async (headers?: Record<string, string>) =>
      (await get<Sample[]>(candidates, A.token, headers)).find((c) => c.id === sample.id)!;
    expect((await candidate(FR)).specimenType.title).toBe('Sang total');
    expect((await candidate()).specimenType.title).toBe('Whole Blood');
    const receiver = await createInstitution(t, { title: 'Laboratoire de Dakar', abbreviation: 'LDK' });
    const shipped = await receivedKit(t).ship(A, { institution: receiver }, [sample.id], 'Sang vers Dakar');
    const items = api(`collectedSampleShipments/${shipped.id}/collectedSampleShipmentItems`);
    type Item = { collectedSample: Sample };
    const [french] = await get<Item[]>(items, A.token, FR);
    expect(french.collectedSample.specimenType.title).toBe('Sang total');
    expect(french.collectedSample.unitOfMeasurement.unitName).toBe('Millilitre');
    const [english] = await get<Item[]>(items, A.token);
    expect(english.collectedSample.specimenType.title).toBe('Whole Blood');
  });

  it("shows a box's occupants with their specimen type in the reader's language", async () => {
    const w = await sampleSetUp(t, A.institution, A.token, refs);
    const sample = await w.sample({ SampleID: `LSBX-${Date.now().toString(36)}` });
    const chain = await storageChain(t, inst, A.token, await storageRefs(t, inst, A.token), { Rows: 2, Columns: 2 });
    const url = nodePath(inst, chain.ids);
    const placed = await t.call('POST', `${url}/allocate`, {
      token: A.token,
      body: { CollectedSampleIds: [sample.id] },
    });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    type Position = Rec & { occupant: { occupancyId: number; specimenType: { title: string } | null } | null };
    const occupantType = async (headers?: Record<string, string>) =>
      (await get<Position[]>(`${url}/StorageContainerBoxPositions`, A.token, headers)).find((p) => p.occupant)?.occupant
        ?.specimenType?.title;
    // The grid is one prepared statement for every language: French, English, then French again.
    expect(await occupantType(FR)).toBe('Sang total');
    expect(await occupantType()).toBe('Whole Blood');
    expect(await occupantType(FR)).toBe('Sang total');
    type Occupancy = Rec & { collectedSample: { specimenType: { title: string } | null } };
    const positions = await get<Position[]>(`${url}/StorageContainerBoxPositions`, A.token);
    const at = positions.find((p) => p.occupant)!;
    const stays = `${url}/StorageContainerBoxPositions/${at.id}/StorageContainerBoxPositionOccupancies`;
    expect((await get<Occupancy[]>(stays, A.token, FR))[0].collectedSample.specimenType?.title).toBe('Sang total');
    expect((await get<Occupancy[]>(stays, A.token))[0].collectedSample.specimenType?.title).toBe('Whole Blood');
  });

  it("says the order's participant's gender and statuses in the reader's language (the test-result screen)", async () => {
    const lab = await labSetup(t, inst, A.token);
    const [order] = await placeLabOrder(t, inst, A.token, lab);
    type Detail = { patient: Record<'gender' | 'maritalStatus' | 'vitalStatus', { title: string }> };
    const statuses = async (headers?: Record<string, string>) => {
      const { patient } = await get<Detail>(api(`LIMSOrders/${order.id}`), A.token, headers);
      return [patient.gender.title, patient.maritalStatus.title, patient.vitalStatus.title];
    };
    // One prepared statement for every language: French, English, then French again.
    expect(await statuses(FR)).toEqual(['Femme', 'Célibataire', 'Vivant']);
    expect(await statuses()).toEqual(['Female', 'Single', 'Alive']);
    expect(await statuses(FR)).toEqual(['Femme', 'Célibataire', 'Vivant']);
  });
});

describe('migration 0059: the seeded French titles for existing institutions', () => {
  it('is the statements seededFrenchTitlesSql writes', () => {
    expect(fs.readFileSync(MIGRATION, 'utf8')).toBe(seededFrenchTitlesSql());
  });

  it("gives a seeded row its French title, and leaves an institution's own titles alone", async () => {
    // An institution as it was before: seeded in English only, then edited by its administrators.
    const old = await createInstitution(t, { title: 'Institut ancien', abbreviation: 'ANC' });
    const tables = Object.keys(seededFrenchTitles()).map((key) => LOOKUP_BY_KEY[key]);
    const table = (key: string) => lookupTables[key];
    for (const e of tables)
      await t.db.execute(sql`update ${table(e.key)} set titles = null where institution_id = ${old.id}`);
    await t.db.execute(sql`update genders set title = 'Woman' where institution_id = ${old.id} and title = 'Female'`);
    await t.db.execute(
      sql`update genders set titles = '{"fr": "Masculin"}'::jsonb where institution_id = ${old.id} and title = 'Male'`,
    );
    await t.db.execute(
      sql`update specimen_types set titles = '{"fr": "  "}'::jsonb where institution_id = ${old.id} and title = 'Serum'`,
    );
    // A title some other institution gave in French stays too (the migration runs on every institution).
    await t.db.execute(
      sql`update genders set titles = '{"fr": "Femme (Abidjan)"}'::jsonb where institution_id = ${inst} and title = 'Female'`,
    );

    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));

    const genders = await rowsOf<{ title: string; titles: Record<string, string> | null }>(
      t.db,
      sql`select title, titles from genders where institution_id = ${old.id} order by id`,
    );
    expect(genders).toEqual([
      { title: 'Woman', titles: null },
      { title: 'Male', titles: { fr: 'Masculin' } },
      { title: 'Other', titles: { fr: 'Autre' } },
      { title: 'Unknown', titles: { fr: 'Inconnu' } },
    ]);
    const serum = await rowsOf<{ titles: unknown }>(
      t.db,
      sql`select titles from specimen_types where institution_id = ${old.id} and title = 'Serum'`,
    );
    expect(serum).toEqual([{ titles: { fr: 'Sérum' } }]);
    const mine = await get<Titled>(api(`genders/${refs.participant.female}`), A.token);
    expect(mine.titles).toEqual({ fr: 'Femme (Abidjan)' });

    // Every other seeded row of the old institution reads as a new institution's.
    const expected = seededFrenchTitles();
    for (const e of tables) {
      const field = table(e.key)[e.titleField!];
      const rows = await rowsOf<{ title: string; titles: Record<string, string> | null }>(
        t.db,
        sql`select ${field} as title, titles from ${table(e.key)} where institution_id = ${old.id}`,
      );
      for (const r of rows) {
        if (e.key === 'genders' && ['Woman', 'Male'].includes(r.title)) continue;
        const french = expected[e.key][r.title];
        expect(r.titles, `${e.key} ${r.title}`).toEqual(french ? { fr: french } : null);
      }
    }
    // Running it again changes nothing (a restored backup migrated twice).
    const before = await rowsOf(t.db, sql`select id, titles from genders order by id`);
    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    expect(await rowsOf(t.db, sql`select id, titles from genders order by id`)).toEqual(before);
  });
});
