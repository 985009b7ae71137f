// i33server (issue 33, what was left on the server): a refused reference named in the caller's language, a list
// sorted by a lookup's title in that language, and the audit chain's break detail in it. Each through the API,
// with Accept-Language: fr and with an account that chose French.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOOKUP_BY_KEY as L, LOOKUPS } from '../../contract/lookups.registry';
import { CATALOGUES } from '../../contract/i18n/catalogues';
import { translateProblem } from '../platform/i18n';
import { refusedReference } from '../platform/references';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { createSample } from './lookup-samples';
import { nextStorageCode, nodeBody, storageRefs } from './storage-fixtures';

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
const FR = { 'accept-language': 'fr' };
const French = await signedIn(t, ['Administrator'], A.institution);
const chosen = await t.call('PUT', '/api/Authentication/language', { token: French.token, body: { language: 'fr' } });
if (chosen.statusCode !== 200) throw new Error(chosen.body);
type Problem = { status: number; title: string; errors?: Record<string, string[]> };

describe('a refused reference in the caller language', () => {
  it('names the list and the field in French (header or account), in English otherwise', async () => {
    const department = await createSample(t, inst, A.token, L.departments);
    const panel = await createSample(t, inst, A.token, L.panels, { departmentId: department.id });
    expect(
      (await t.call('POST', api(`departments/${department.id}/disable`), { token: A.token, body: {} })).statusCode,
    ).toBe(200);
    const choose = async (token: string, headers?: Record<string, string>) => {
      const res = await t.call('POST', api('panels'), {
        token,
        headers,
        body: { ...panel, title: `Another panel ${Math.random()}`, departmentId: department.id },
      });
      expect(res.statusCode, res.body).toBe(400);
      return json<Problem>(res);
    };
    expect(await choose(A.token)).toMatchObject({
      title: 'Department: choose an enabled department',
      errors: { departmentId: ['Choose an enabled department'] },
    });
    const french = {
      title: 'Service\u00a0: choisissez une valeur active de la liste «\u00a0Service\u00a0»',
      errors: { departmentId: ['Choisissez une valeur active de la liste «\u00a0Service\u00a0»'] },
    };
    expect(await choose(A.token, FR)).toMatchObject(french);
    expect(await choose(French.token)).toMatchObject(french);
  });

  it("says a site of this institution in French: a storage container's missing site", async () => {
    const sr = await storageRefs(t, inst, A.token);
    const make = async (token: string, headers?: Record<string, string>) => {
      const res = await t.call('POST', api('storageContainers'), {
        token,
        headers,
        body: nodeBody(sr, { Code: nextStorageCode(), InstitutionSiteId: 2_000_000_000 }),
      });
      expect(res.statusCode, res.body).toBe(400);
      return json<Problem>(res);
    };
    expect(await make(A.token)).toMatchObject({
      title: 'Institution site: choose an enabled site of this institution',
      errors: { institutionSiteId: ['Choose an enabled site of this institution'] },
    });
    const french = {
      title:
        "Site de l'établissement\u00a0: choisissez une valeur active de la liste «\u00a0Site de l'établissement\u00a0»",
      errors: { institutionSiteId: ['Choisissez un site actif de cet établissement'] },
    };
    expect(await make(A.token, FR)).toMatchObject(french);
    expect(await make(French.token)).toMatchObject(french);
  });

  it('has a French name for every list and every label a refused reference names', () => {
    for (const language of ['fr'] as const) {
      // Every registry list (assertLookupIds names it by its label), with and without a field label.
      for (const e of LOOKUPS) {
        const p = translateProblem(
          refusedReference({ id: 1, field: 'x', label: e.label }, { record: e.label }),
          language,
        );
        expect(p.title, e.label).not.toMatch(/choose an enabled/);
        expect(p.errors?.x?.[0], e.label).not.toMatch(/Choose an enabled/);
      }
      // The labels the services give (grep `label: '` beside assertLookupIds / assertSiteIds).
      const labels = [
        'Sending Institution Site',
        'Position labeling option',
        'Row labeling schema',
        'Column labeling schema',
        'Institution site',
        'Institution Site',
        'Unit',
        'Consent purposes',
        'Sub Sample Lineage',
        'Specimen Type',
        'Specimen type',
        'Unit Of Measurement',
        'Anatomic Site',
        'Pathological Status',
        'Collection Procedure',
        'Data type',
      ];
      for (const label of labels) {
        const p = translateProblem(
          refusedReference({ id: 1, field: 'x', label }, { record: 'Specimen Type' }),
          language,
        );
        expect(p.title, label).toMatch(/^.+\u00a0: choisissez une valeur active/);
      }
      expect(CATALOGUES[language].problems.reference_refused).toBeTruthy();
    }
  });
});

// Sorting by a lookup's title in the caller language: server/test/lookup-titles-more.test.ts (header and account).

describe("the audit chain's break detail in the caller language", () => {
  it('explains an edited row in French (header or account), in English otherwise', async () => {
    const { institution, token } = await signedIn(t, ['Administrator']);
    const frenchAdmin = await signedIn(t, ['Administrator'], institution);
    await t.call('PUT', '/api/Authentication/language', { token: frenchAdmin.token, body: { language: 'fr' } });
    for (const title of ['Room 1', 'Room 2'])
      expect(
        (
          await t.call('POST', `/api/institutions/${institution.id}/institutionSites`, {
            token,
            body: { title, address: 'B' },
          })
        ).statusCode,
      ).toBe(201);
    const rows = (await t.db.execute(
      sql`select id from audit_events where institution_id = ${institution.id} and after ->> 'title' = 'Room 2'`,
    )) as unknown as { rows: { id: number }[] };
    const victim = Number(rows.rows[0].id);
    await t.db.execute(
      sql`update audit_events set after = jsonb_set(after, '{title}', '"Forged"') where id = ${victim}`,
    );
    const detail = async (tok: string, headers?: Record<string, string>) => {
      const res = await t.call('GET', `/api/institutions/${institution.id}/audit/verify`, { token: tok, headers });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ firstBreak: { id: number; detail: string } }>(res).firstBreak;
    };
    const english = await detail(token);
    expect(english.id).toBe(victim);
    expect(english.detail).toMatch(
      /^the row's content does not match its hash \(stored '[0-9a-f]{12}…', computed '[0-9a-f]{12}…'\): the row was edited after it was written$/,
    );
    const french =
      /^le contenu de la ligne ne correspond pas à son hachage \(enregistré «\u00a0[0-9a-f]{12}…\u00a0», calculé «\u00a0[0-9a-f]{12}…\u00a0»\)\u00a0: la ligne a été modifiée après son écriture$/;
    expect((await detail(token, FR)).detail).toMatch(french);
    expect((await detail(frenchAdmin.token)).detail).toMatch(french);
  });
});
