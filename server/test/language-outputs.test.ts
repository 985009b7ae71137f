import { describe, expect, it } from 'vitest';
import { testApp, json } from './harness';
import { createInstitution, signedIn } from './factories';
import { sampleSetUp } from './samples-fixtures';
import { IMPORT_CONTENT_TYPE, importQuery } from '../../contract/imports.contract';

// Issue 33, the server side: what the server writes itself is said in the caller's language (the account's, else
// Accept-Language), English unchanged. One French check per output: a permission refused, an import dry run's row
// message, a shipment manifest's CSV, the words printed on a label, and a sample ledger's history sentence.
const t = await testApp();
const inst = await createInstitution(t, { title: 'Lyon Biobank', abbreviation: 'LYB' });
const FR = { 'accept-language': 'fr' };

const C = await signedIn(t, ['Coordinator'], inst);
const frenchCoordinator = await signedIn(t, ['Coordinator'], inst);
const chosen = await t.call('PUT', '/api/Authentication/language', {
  token: frenchCoordinator.token,
  body: { language: 'fr' },
});
if (chosen.statusCode !== 200) throw new Error(chosen.body);

describe('what the server writes, in the caller language', () => {
  it('names the refused permission in French (403), and in English without a language', async () => {
    const researcher = await signedIn(t, ['Researcher'], inst);
    const job = { generator: { prefix: 'LAB-', startIndex: 1, quantity: 1, copies: 1 } };
    const url = `/api/institutions/${inst.id}/labels/zpl`;
    const english = await t.call('POST', url, { token: researcher.token, body: job });
    expect(english.statusCode).toBe(403);
    expect(json(english).title).toBe('You need permission to print labels.');
    const french = await t.call('POST', url, { token: researcher.token, body: job, headers: FR });
    expect(french.statusCode).toBe(403);
    expect(json(french)).toMatchObject({
      code: 'forbidden',
      title: "Vous n'avez pas l'autorisation nécessaire pour imprimer des étiquettes.",
    });
  });

  it("says an import dry run's row messages in French", async () => {
    const dryRun = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/institutions/${inst.id}/imports/participants?${importQuery({ dryRun: true })}`,
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': IMPORT_CONTENT_TYPE, authorization: `Bearer ${token}` },
        payload: 'mrn,firstName,fatherName,gender\nLNG-1,Almaz\n',
      });
    const english = json<{ errors: { message: string }[] }>(await dryRun(C.token));
    expect(english.errors.map((e) => e.message)).toContain('This row has 2 cells; the header has 4');
    const french = json<{ errors: { message: string }[] }>(await dryRun(frenchCoordinator.token));
    expect(french.errors.map((e) => e.message)).toContain('Cette ligne a 2 cellules\u00a0; l’en-tête en a 4');
  });

  it("writes a shipment manifest's CSV, its label lines and a sample's history sentences in French", async () => {
    const p = await sampleSetUp(t, inst, C.token, undefined, { FirstName: 'Hélène' });
    const sample = await p.sample({ SampleID: `LNG-${Date.now().toString(36)}` });
    const receiver = await createInstitution(t, { title: 'Dakar Lab', abbreviation: 'DKL' });
    const shipped = await t.call('POST', `/api/institutions/${inst.id}/collectedSampleShipments`, {
      token: C.token,
      body: {
        Name: 'Plasma to Dakar',
        SendingInstitutionSiteId: inst.site.id,
        ReceivingInstitutionId: receiver.id,
        ReceivingInstitutionSiteId: receiver.site.id,
        CollectedSampleIds: [sample.id],
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const manifest = `/api/institutions/${inst.id}/collectedSampleShipments/${json(shipped).id}/manifest.csv`;
    const english = (await t.call('GET', manifest, { token: C.token })).body.replace(/^\uFEFF/, '');
    expect(english.split('\r\n')[0]).toBe('"Shipment","Plasma to Dakar"');
    expect(english).toContain('"Sample ID","Specimen Type","Amount","Unit","Status"');
    const french = (await t.call('GET', manifest, { token: frenchCoordinator.token })).body.replace(/^\uFEFF/, '');
    expect(french.split('\r\n')[0]).toBe('"Expédition","Plasma to Dakar"');
    expect(french).toContain(`"N° d'échantillon","Type d'échantillon","Quantité","Unité","Statut"`);

    // Labels: printed in the printing user's language.
    const label = { labels: [{ sampleId: sample.sampleId, copies: 1, patientName: 'Hélène', mrn: 'M-1' }] };
    const url = `/api/institutions/${inst.id}/labels/zpl`;
    expect((await t.call('POST', url, { token: C.token, body: label })).body).toContain('^FDMRN: M-1^FS');
    const zpl = (await t.call('POST', url, { token: frenchCoordinator.token, body: label })).body;
    expect(zpl).toMatch(/\^FDDossier_C2_A0: M-1\^FS|\^FDDossier\u00a0: M-1\^FS/);

    // The ledger: stored in English, said in the reader's language.
    const history = `/api/institutions/${inst.id}/collectedSamples/${sample.id}/history`;
    const summaries = (token: string) =>
      t.call('GET', history, { token }).then((r) => json<{ summary: string }[]>(r).map((e) => e.summary));
    expect(await summaries(C.token)).toEqual(
      expect.arrayContaining([
        'Collected 10 mL.',
        'Sent by Lyon Biobank to Dakar Lab in the shipment "Plasma to Dakar".',
      ]),
    );
    expect(await summaries(frenchCoordinator.token)).toEqual(
      expect.arrayContaining([
        'Prélevé\u00a0: 10 mL.',
        "Envoyé par Lyon Biobank à Dakar Lab dans l'expédition «\u00a0Plasma to Dakar\u00a0».",
      ]),
    );
  });

  it("says a service's field message in French (issue 33: no literal left in the services)", async () => {
    const p = await sampleSetUp(t, inst, C.token);
    const sample = await p.sample({ SampleID: `LNF-${Date.now().toString(36)}` });
    const body = {
      Name: 'To ourselves',
      SendingInstitutionSiteId: inst.site.id,
      ReceivingInstitutionId: inst.id,
      ReceivingInstitutionSiteId: inst.site.id,
      CollectedSampleIds: [sample.id],
    };
    const url = `/api/institutions/${inst.id}/collectedSampleShipments`;
    const english = await t.call('POST', url, { token: C.token, body });
    expect(english.statusCode).toBe(400);
    expect(json(english).errors).toEqual({ receivingInstitutionId: ['Choose another institution'] });
    const french = await t.call('POST', url, { token: frenchCoordinator.token, body });
    expect(french.statusCode).toBe(400);
    expect(json(french).errors).toEqual({ receivingInstitutionId: ['Choisissez un autre établissement'] });
  });
});
