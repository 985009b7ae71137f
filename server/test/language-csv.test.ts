// Issue 33: every CSV the server writes speaks the caller's language (Accept-Language, else the account's): its
// headings, its words and the lookups' titles (the institution's French title, else the default), while dates stay
// YYYY-MM-DD and amounts '.' decimals. Without a language: English exactly as before (the spec's header where it
// fixes one). The questionnaire report, the query builder's samples.csv, the shipment manifest and the order reports'
// panels and departments; the distribution
// export's lookups are checked in server/modules/distribution/requests.test.ts.
import { describe, expect, it } from 'vitest';
import { testApp, json } from './harness';
import { createInstitution, signedIn } from './factories';
import { formsKit } from './forms-kit';
import { parseCsv } from './rfc4180';
import { protocolRefs } from './protocols-fixtures';
import { referenceIds } from './participants-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { receivedKit } from './received-fixtures';
import { labSetup, placeLabOrder } from './orders-fixtures';

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
const FR = { 'accept-language': 'fr' };
type Rec = Record<string, unknown> & { id: number };
const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };

/** Gives a lookup record a French title through the configuration API. */
async function french(key: string, id: number, fr: string) {
  const now = json<Rec>(await t.call('GET', api(`${key}/${id}`), { token: A.token }));
  const res = await t.call('PUT', api(`${key}/${id}`), { token: A.token, body: { ...now, titles: { fr } } });
  expect(res.statusCode, res.body).toBe(200);
}
await french('genders', refs.participant.female, 'Féminin');
await french('specimenTypes', refs.protocol.type('Whole Blood'), 'Sang total');
await french('unitOfMeasurements', refs.protocol.unit('Millilitre'), 'Millilitre (fr)');

/** The CSV's records by the strict RFC 4180 reader, after the byte-order mark (the reports and lists write one). */
const records = (body: string, bom = true) => {
  expect(body.startsWith('\uFEFF')).toBe(bom);
  return parseCsv(bom ? body.slice(1) : body);
};

describe("CSV exports in the caller's language", () => {
  it('writes the questionnaire report with the spec header in English and French headings, words and titles', async () => {
    const k = await formsKit(t, inst, A.token);
    const f = await k.form('Language report');
    const tick = await k.field(f.id, 'CB', { Prompt: 'Fasting', Ordinal: 1 });
    const { patient } = await k.enrolledPatient({ FirstName: 'Hélène', GenderId: refs.participant.female });
    const made = await k.submit({
      CollectionProtocolFormId: f.id,
      PatientId: patient.id,
      FormFields: [{ CollectionProtocolFormFieldId: tick.id, Value: true }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = `${k.base()}/${f.id}/report.csv`;
    const english = await t.call('GET', url, { token: A.token });
    expect(english.statusCode, english.body).toBe(200);
    const [head, row] = records(english.body);
    // Spec 2 §9's columns, as before (no Action column).
    expect(head).toEqual([
      'Institution',
      'Institution Site',
      'Patient Name',
      'Patient Date of Birth',
      'Patient Gender',
      'Patient Marital Status',
      'Patient Vital Status',
      'Fasting',
      'Date Collected',
    ]);
    expect(row[4]).toBe('Female');
    expect(row[7]).toBe('Yes');
    const french = await t.call('GET', url, { token: A.token, headers: FR });
    const [fhead, frow] = records(french.body);
    expect(fhead).toEqual([
      'Établissement',
      "Site de l'établissement",
      'Nom du patient',
      'Date de naissance du patient',
      'Sexe du patient',
      'Situation matrimoniale du patient',
      'Statut vital du patient',
      'Fasting',
      'Date de recueil',
    ]);
    expect(frow[4]).toBe('Féminin');
    // The seeded lists' own French titles (server/db/seed/reference-data.ts).
    expect([row[5], frow[5]]).toEqual(['Single', 'Célibataire']);
    expect([row[6], frow[6]]).toEqual(['Alive', 'Vivant']);
    expect(frow[7]).toBe('Oui');
    // Dates stay machine-readable in every language.
    expect(frow[3]).toBe(row[3]);
    expect(frow[3]).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(frow[8]).toBe(row[8]);
    // The page says the same titles.
    const page = json<{ rows: { patientGender: string; values: Record<string, string> }[] }>(
      await t.call('GET', `${k.base()}/${f.id}/report`, { token: A.token, headers: FR }),
    );
    expect(page.rows[0]).toMatchObject({ patientGender: 'Féminin', values: { [tick.id]: 'Oui' } });
  });

  it("writes the query builder's samples.csv with French headings, lineage and titles, English as before", async () => {
    const w = await sampleSetUp(t, A.institution, A.token, refs);
    const sample = await w.sample({
      SampleID: `LCSV-${Date.now().toString(36)}`,
      CollectedAmount: 2.5,
      RemainingAmount: 2.5,
    });
    const body = {
      criteria: {
        op: 'and',
        items: [{ field: 'collectedDate', from: '2026-03-14', to: '2026-03-14' }],
      },
    };
    const csv = async (headers?: Record<string, string>) => {
      const res = await t.call('POST', api('queries/samples.csv'), { token: A.token, body, headers });
      expect(res.statusCode, res.body).toBe(200);
      const [head, ...rows] = records(res.body);
      return { head, row: rows.find((r) => r[0] === sample.sampleId)! };
    };
    const english = await csv();
    expect(english.head).toEqual([
      'Sample ID',
      'Specimen type',
      'Lineage',
      'Remaining',
      'Unit',
      'Collected',
      'Collection protocol',
      'In storage',
    ]);
    expect(english.row).toEqual([
      sample.sampleId,
      'Whole Blood',
      'primary',
      '2.5',
      'Millilitre',
      '2026-03-14',
      expect.any(String),
      'No',
    ]);
    const fr = await csv(FR);
    expect(fr.head).toEqual([
      'ID d’échantillon',
      'Type d’échantillon',
      'Lignée',
      'Restant',
      'Unité',
      'Prélevé le',
      'Protocole de collecte',
      'En stockage',
    ]);
    // Amounts keep '.' and dates YYYY-MM-DD in French too.
    expect(fr.row).toEqual([
      sample.sampleId,
      'Sang total',
      'Primaire',
      '2.5',
      'Millilitre (fr)',
      '2026-03-14',
      english.row[6],
      'Non',
    ]);
  });

  it("writes the shipment manifest's specimen types and units in the caller's language", async () => {
    const w = await sampleSetUp(t, A.institution, A.token, refs);
    const sample = await w.sample({ SampleID: `LMAN-${Date.now().toString(36)}` });
    const receiver = await createInstitution(t, { title: 'Abidjan Lab', abbreviation: 'ABL' });
    const shipped = await receivedKit(t).ship(A, { institution: receiver }, [sample.id], 'Blood to Abidjan');
    const url = api(`collectedSampleShipments/${shipped.id}/manifest.csv`);
    const item = async (headers?: Record<string, string>) => {
      const res = await t.call('GET', url, { token: A.token, headers });
      expect(res.statusCode, res.body).toBe(200);
      return records(res.body, false).find((r) => r[0] === sample.sampleId)!;
    };
    expect((await item()).slice(0, 4)).toEqual([sample.sampleId, 'Whole Blood', '10', 'mL']);
    const fr = await item(FR);
    expect(fr.slice(0, 3)).toEqual([sample.sampleId, 'Sang total', '10']);
    // The unit's symbol is the same in every language.
    expect(fr[3]).toBe('mL');
    const headings = records((await t.call('GET', url, { token: A.token, headers: FR })).body, false);
    expect(headings).toContainEqual(expect.arrayContaining(["Type d'échantillon", 'Unité']));
  });

  it("writes the order reports' panel and department titles in the caller's language", async () => {
    const lab = await labSetup(t, inst, A.token);
    await placeLabOrder(t, inst, A.token, lab);
    await french('panels', lab.panel.id, 'Panel (fr)');
    const departmentId = Number(lab.panel.departmentId);
    const department = json<Rec & { title: string }>(
      await t.call('GET', api(`departments/${departmentId}`), { token: A.token }),
    );
    await french('departments', departmentId, 'Département (fr)');
    // Around today, whatever the institution's time zone.
    const dayOf = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString().slice(0, 10);
    const range = `From=${dayOf(-86_400_000)}&To=${dayOf(86_400_000)}`;
    const unreleased = async (headers?: Record<string, string>) => {
      const res = await t.call('GET', api(`reports/unreleased-panels.csv?${range}`), {
        token: A.token,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return records(res.body);
    };
    const [head, row] = await unreleased();
    expect([head[5], head[6], row[5], row[6]]).toEqual([
      'Panel Name',
      'Department Name',
      lab.panel.title,
      department.title,
    ]);
    const [fhead, frow] = await unreleased(FR);
    expect([frow[5], frow[6]]).toEqual(['Panel (fr)', 'Département (fr)']);
    expect(fhead[5]).not.toBe('Panel Name');
    // The test results report names the panel in its footer, in the reader's language.
    const results = (headers?: Record<string, string>) =>
      t
        .call('GET', api(`reports/test-results.csv?PanelId=${lab.panel.id}&${range}`), {
          token: A.token,
          headers,
        })
        .then((r) => r.body);
    expect(await results(FR)).toContain('Panel (fr)');
    expect(await results()).not.toContain('Panel (fr)');
  });
});
