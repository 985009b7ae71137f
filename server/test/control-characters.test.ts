import { describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { createProtocol, protocolBody, protocolRefs } from './protocols-fixtures';

// Issue 26 item 13: names, codes, IDs and titles refuse control and bidirectional characters; multi-line
// text (comments, reasons, descriptions) keeps tab and newline but refuses the rest. One contract helper
// (contract/common.contract.ts visibleText) gives every such field the rule and its field message.

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const inst = institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
const refs = await referenceIds(t, inst, token);
const RLO = '\u202E';
const INVISIBLE = [RLO, '\u2066', '\u0007', '\u001B', '\u0085', '\u007F', '\t', '\n', '\r', '\u200F'];

async function errorsOf(method: string, url: string, body: unknown) {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
  return json<{ errors: Record<string, string[]> }>(res).errors;
}

describe('names, codes, IDs and titles', () => {
  it('a participant name with a control or bidi character is 400 with the field message; nothing is stored', async () => {
    for (const c of INVISIBLE) {
      const errors = await errorsOf(
        'POST',
        api('patients/register'),
        participant(refs, { FirstName: `Al${c}maz`, FatherName: `Tes${c}faye` }),
      );
      expect(errors.firstName, JSON.stringify(c)).toEqual([MSG.controlCharacter]);
      expect(errors.fatherName).toEqual([MSG.controlCharacter]);
    }
    const list = json<{ firstName: string }[]>(await t.call('GET', api('patients?PageSize=100'), { token }));
    // eslint-disable-next-line no-control-regex -- looking for them
    expect(list.filter((p) => /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(p.firstName))).toEqual([]);
  });

  it('a protocol code or title with one is 400 with the field message', async () => {
    for (const c of INVISIBLE) {
      expect((await errorsOf('POST', api('collectionProtocols'), protocolBody({ Code: `A${c}B` }))).code).toContain(
        MSG.controlCharacter,
      );
      expect(
        (await errorsOf('POST', api('collectionProtocols'), protocolBody({ Title: `Screening ${c}2026` }))).title,
      ).toEqual([MSG.controlCharacter]);
    }
  });

  it('a sample ID with one is 400 with the field message', async () => {
    const r = await protocolRefs(t, inst, token);
    const protocol = await createProtocol(t, inst, token);
    const base = api(`collectionProtocols/${protocol.id}`);
    await t.call('POST', `${base}/collectionProtocolSites`, {
      token,
      body: { InstitutionSiteId: institution.site.id },
    });
    const event = json<{ id: number }>(
      await t.call('POST', `${base}/collectionProtocolEvents`, {
        token,
        body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day') },
      }),
    );
    const patient = json<{ id: number }>(
      await t.call('POST', api('patients/register'), { token, body: participant(refs) }),
    );
    await t.call('POST', `${base}/collectionProtocolParticipants`, { token, body: { PatientIds: [patient.id] } });
    const sample = (sampleId: string) => ({
      PatientId: patient.id,
      InstitutionSiteId: institution.site.id,
      CollectionProtocolEventId: event.id,
      SpecimenTypeId: r.type('Whole Blood'),
      CollectedAmount: 10,
      UnitOfMeasurementId: r.unit('Millilitre'),
      CollectedDate: '2026-03-14',
      CollectedTime: '09:30',
      SampleId: sampleId,
    });
    for (const c of INVISIBLE)
      expect((await errorsOf('POST', `${base}/collectedSamples`, sample(`S-1${c}2`))).sampleId).toContain(
        MSG.controlCharacter,
      );
    const ok = await t.call('POST', `${base}/collectedSamples`, { token, body: sample('S-12') });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a lookup title with one is 400 with the field message', async () => {
    for (const c of INVISIBLE) {
      const errors = await errorsOf('POST', api('paymentCategories'), {
        title: `Ca${c}sh`,
        abbreviation: 'CSH',
        description: 'Paid at the desk',
      });
      expect(errors.title, JSON.stringify(c)).toEqual([MSG.controlCharacter]);
    }
  });
});

describe('multi-line text', () => {
  it('a lookup description keeps tab and newline (CRLF becomes a newline) but refuses other controls and bidi overrides', async () => {
    const ok = await t.call('POST', api('paymentCategories'), {
      token,
      body: { title: 'Voucher', abbreviation: 'VCH', description: 'Line one\r\n\tLine two' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).description).toBe('Line one\n\tLine two');
    for (const c of [RLO, '\u2069', '\u0007', '\u001B', '\u0085', '\u000B', '\u2028']) {
      const errors = await errorsOf('POST', api('paymentCategories'), {
        title: 'Voucher 2',
        abbreviation: 'VC2',
        description: `Line ${c}one`,
      });
      expect(errors.description, JSON.stringify(c)).toEqual([MSG.controlCharacterMultiline]);
    }
  });

  it('a questionnaire description and an order comment follow the same rule', async () => {
    const protocol = await createProtocol(t, inst, token);
    const forms = api(`collectionProtocols/${protocol.id}/collectionProtocolForms`);
    const ok = await t.call('POST', forms, { token, body: { Name: 'Intake', Description: 'Ask:\n\t1. age' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await errorsOf('POST', forms, { Name: 'Intake 2', Description: `Ask ${RLO}evil` })).description).toEqual([
      MSG.controlCharacterMultiline,
    ]);
    expect((await errorsOf('POST', forms, { Name: `Intake${RLO}`, Description: 'x' })).name).toEqual([
      MSG.controlCharacter,
    ]);
  });
});
