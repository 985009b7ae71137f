// Issue 33 ("every word in the user's language"): the reference data seeded for each institution carries French
// descriptions beside its French titles (server/db/seed/reference-data.ts), new institutions at creation and existing
// ones through migration 0061_seeded_lookup_french_descriptions, which never overwrites an institution's own text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, json } from './harness';
import { createInstitution, signedIn } from './factories';
import { migrationsFolder, rowsOf } from '../db/client';
import {
  seededFrenchDescriptions,
  seededFrenchDescriptionsSql,
  untranslatedSeededDescriptions,
} from '../db/seed/reference-data';
import { LOOKUP_BY_KEY } from '../../contract/lookups.registry';
import { localTitle } from '../../contract/lookup-titles';
import { lookupTables } from '../platform/lookups/lookup.tables';

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string, id = inst) => `/api/institutions/${id}/${p}`;
const FR = { 'accept-language': 'fr' };
type Rec = Record<string, unknown> & { id: number };
type Described = Rec & { title: string; description: string | null; descriptions: Record<string, string> | null };
const MIGRATION = path.join(migrationsFolder, '0061_seeded_lookup_french_descriptions.sql');
const get = async <T>(url: string, token: string, headers?: Record<string, string>) => {
  const res = await t.call('GET', url, { token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};
const runMigration = async () => {
  for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
    await t.db.execute(sql.raw(statement));
};

describe("the seeded lists' French descriptions", () => {
  it('translates every seeded description, and stores only the French that differs from the English', () => {
    expect(untranslatedSeededDescriptions()).toEqual([]);
    const descriptions = seededFrenchDescriptions();
    expect(Object.keys(descriptions)).toHaveLength(23);
    expect(descriptions.genders).toEqual({
      Female: 'Femme',
      Male: 'Homme',
      'Other or undisclosed gender': 'Autre genre ou genre non déclaré',
      'Not recorded': 'Non renseigné',
    });
    expect(descriptions.specimenTypes['EDTA whole blood']).toBe('Sang total sur EDTA');
    expect(descriptions.collectionProtocolEventUnitOfMeasurements['Days after enrolment']).toBe(
      "Jours après l'inclusion",
    );
    // '1, 2, 3, ...' reads the same in French: no French description that would hide a later edit of the English one.
    expect(descriptions.labelingSchemas).toEqual({});
    expect(descriptions.unitOfMeasurements.Litre).toBeUndefined();
    for (const [key, rows] of Object.entries(descriptions)) {
      expect(
        LOOKUP_BY_KEY[key]?.fields.some((f) => f.name === 'description'),
        key,
      ).toBe(true);
      for (const [english, french] of Object.entries(rows)) expect(french, `${key} ${english}`).not.toBe(english);
    }
  });

  it('gives a new institution its French descriptions, and a French reader reads them', async () => {
    const su = await signedIn(t, ['Super Administrator']);
    const made = await t.call('POST', '/api/institutions', {
      token: su.token,
      body: { Title: `Institut ${Date.now().toString(36)}`, Abbreviation: 'IFD', Address: '2 rue des Cellules' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = json<Rec>(made).id;
    for (const [key, french] of Object.entries(seededFrenchDescriptions())) {
      const rows = await get<Described[]>(`${api(key, id)}?PageSize=100`, su.token, FR);
      expect(rows.length, key).toBeGreaterThan(0);
      for (const row of rows) {
        const english = String(row.description);
        expect(row.descriptions, `${key} ${english}`).toEqual(french[english] ? { fr: french[english] } : null);
        // What a French reader is shown: the French when the seed has one, else the description itself.
        expect(localTitle(row.description, row.descriptions, 'fr')).toBe(french[english] ?? english);
      }
    }
  });

  it('answers an English reader exactly the seeded English description', async () => {
    const types = await get<Described[]>(`${api('specimenTypes')}?PageSize=100`, A.token);
    const blood = types.find((s) => s.title === 'Whole Blood')!;
    expect(blood.description).toBe('EDTA whole blood');
    expect(localTitle(blood.description, blood.descriptions, 'en')).toBe('EDTA whole blood');
    const french = await get<Described[]>(`${api('specimenTypes')}?PageSize=100`, A.token, FR);
    expect(french.find((s) => s.id === blood.id)).toMatchObject({
      description: 'EDTA whole blood',
      descriptions: { fr: 'Sang total sur EDTA' },
    });
  });
});

describe('migration 0061: the seeded French descriptions for existing institutions', () => {
  it('is the statements seededFrenchDescriptionsSql writes', () => {
    expect(fs.readFileSync(MIGRATION, 'utf8')).toBe(seededFrenchDescriptionsSql());
  });

  it("gives a seeded row its French description, and leaves an institution's own descriptions alone", async () => {
    // An institution as it was before: seeded in English only, then edited by its administrators.
    const old = await createInstitution(t, { title: 'Institut ancien', abbreviation: 'AND' });
    const keys = Object.keys(seededFrenchDescriptions());
    for (const key of keys)
      await t.db.execute(sql`update ${lookupTables[key]} set descriptions = null where institution_id = ${old.id}`);
    await t.db.execute(
      sql`update genders set description = 'Woman' where institution_id = ${old.id} and title = 'Female'`,
    );
    await t.db.execute(
      sql`update genders set descriptions = '{"fr": "Masculin"}'::jsonb where institution_id = ${old.id} and title = 'Male'`,
    );
    await t.db.execute(
      sql`update specimen_types set descriptions = '{"fr": "  "}'::jsonb where institution_id = ${old.id} and title = 'Serum'`,
    );
    // A description some other institution gave in French stays too (the migration runs on every institution).
    await t.db.execute(
      sql`update genders set descriptions = '{"fr": "Femme (Abidjan)"}'::jsonb where institution_id = ${inst} and title = 'Female'`,
    );

    await runMigration();

    const genders = await rowsOf<{ description: string; descriptions: Record<string, string> | null }>(
      t.db,
      sql`select description, descriptions from genders where institution_id = ${old.id} order by id`,
    );
    expect(genders).toEqual([
      { description: 'Woman', descriptions: null },
      { description: 'Male', descriptions: { fr: 'Masculin' } },
      { description: 'Other or undisclosed gender', descriptions: { fr: 'Autre genre ou genre non déclaré' } },
      { description: 'Not recorded', descriptions: { fr: 'Non renseigné' } },
    ]);
    const serum = await rowsOf<{ descriptions: unknown }>(
      t.db,
      sql`select descriptions from specimen_types where institution_id = ${old.id} and title = 'Serum'`,
    );
    expect(serum).toEqual([{ descriptions: { fr: 'Sérum de sang coagulé' } }]);
    const mine = await get<Described[]>(`${api('genders')}?PageSize=100`, A.token);
    expect(mine.find((g) => g.title === 'Female')?.descriptions).toEqual({ fr: 'Femme (Abidjan)' });

    // Every other seeded row of the old institution reads as a new institution's.
    const expected = seededFrenchDescriptions();
    for (const key of keys) {
      const rows = await rowsOf<{ description: string; descriptions: Record<string, string> | null }>(
        t.db,
        sql`select description, descriptions from ${lookupTables[key]} where institution_id = ${old.id}`,
      );
      for (const r of rows) {
        if (key === 'genders' && ['Woman', 'Male'].includes(r.description)) continue;
        const french = expected[key][r.description];
        expect(r.descriptions, `${key} ${r.description}`).toEqual(french ? { fr: french } : null);
      }
    }
    // Running it again changes nothing (a restored backup migrated twice).
    const before = await rowsOf(t.db, sql`select id, descriptions from genders order by id`);
    const units = await rowsOf(t.db, sql`select id, descriptions from unit_of_measurements order by id`);
    await runMigration();
    expect(await rowsOf(t.db, sql`select id, descriptions from genders order by id`)).toEqual(before);
    expect(await rowsOf(t.db, sql`select id, descriptions from unit_of_measurements order by id`)).toEqual(units);
  });
});
