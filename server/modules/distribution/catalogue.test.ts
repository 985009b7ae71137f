import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Catalogue, CatalogueTable } from '../../../contract/catalogue.contract';
import { testApp, json } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { referenceIds } from '../../test/participants-fixtures';
import { protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { suppressTable } from './catalogue.service';

// Issue 32 item 3 (docs/research.md "Catalogue"): researchers see counts of the samples a distribution protocol
// may receive, grouped, small cells suppressed ('< 5', and a second cell withheld where subtraction would give a
// small one away), never an identity; a withdrawal removes the sample at once.

const t = await testApp();
t.clock.now = new Date('2026-11-20T09:00:00Z');
const A = await signedIn(t, ['Administrator']);
const B = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] });
const researcherToken = await login(t, researcher.email);
const technician = await createAccount(t, { roles: ['Technician'], institutionIds: [inst] });
const technicianToken = await login(t, technician.email);
const pRefs = await protocolRefs(t, inst, A.token);
const refs = { protocol: pRefs, participant: await referenceIds(t, inst, A.token) };
const purposes = json<{ id: number; title: string }[]>(
  await t.call('GET', `/api/institutions/${inst}/consentPurposes`, { token: A.token }),
);
const FR = purposes.find((p) => p.title === 'Future research')!.id;
const GEN = purposes.find((p) => p.title === 'Genetic research')!.id;

type Rec = Record<string, unknown> & { id: number };

async function study(instId: number, token: string, accountId: number, purposeIds: number[]) {
  const res = await t.call('POST', `/api/institutions/${instId}/distributionProtocols`, {
    token,
    body: {
      title: `Catalogue study ${purposeIds.join('+')}`,
      principalInvestigatorId: accountId,
      institutionName: 'University',
      ethicsApprovalNumber: 'IRB-3',
      purposeIds,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Rec>(res).id;
}
const url = (id: number, instId = inst) => `/api/institutions/${instId}/distributionProtocols/${id}/catalogue`;
async function catalogueOf(id: number, token = researcherToken) {
  const res = await t.call('GET', url(id), { token });
  expect(res.statusCode, res.body).toBe(200);
  return { body: json<Catalogue>(res), raw: res.body };
}
const table = (c: Catalogue, key: string) => c.dimensions.find((d) => d.key === key)!;
const rows = (d: CatalogueTable) => d.rows.map((r) => [r.label, r.count]);

/** A protocol with a consent (FR, GEN) and one donor who signed it; samples collected through the API. */
async function donor(tag: string, grants: { fr: boolean; gen: boolean }) {
  const patient = {
    PatientMRN: `MRN-${tag}-${Math.random().toString(36).slice(2, 8)}`,
    FirstName: `Yodit${tag}`,
    FatherName: `Haile${tag}`,
    GrandFatherName: `Gebre${tag}`,
    phoneNumbers: [{ phoneNumberTypeId: refs.participant.mobile, phoneNumber: `+25191155${tag.charCodeAt(0)}0` }],
  };
  const w = await sampleSetUp(t, A.institution, A.token, refs, patient);
  const consent = json<Rec & { consentVersionId: number }>(
    await t.call('POST', `${w.base}/collectionProtocolConsents`, {
      token: A.token,
      body: { Title: 'Biobank consent', Consent: '<p>I agree.</p>', purposeIds: [FR, GEN] },
    }),
  );
  const signatures = `${w.base}/collectionProtocolParticipantConsents`;
  const signed = await t.call('POST', signatures, {
    token: A.token,
    body: {
      ParticipantId: w.enrolment.id,
      ConsentVersionId: consent.consentVersionId,
      Signature: signaturePng().dataUrl,
      purposes: [
        { purposeId: FR, granted: grants.fr },
        { purposeId: GEN, granted: grants.gen },
      ],
    },
  });
  expect(signed.statusCode, signed.body).toBe(201);
  const withdraw = () =>
    t.call('POST', `${signatures}/${json<Rec>(signed).id}/withdraw`, {
      token: A.token,
      body: { WithdrawnDate: '2026-11-20', Reason: 'Changed mind', Effect: 'stop_use' },
    });
  const collect = async (n: number, type: string, amount: number) => {
    const out: Rec[] = [];
    for (let i = 0; i < n; i++) {
      const res = await t.call('POST', w.api(), {
        token: A.token,
        body: w.body({
          SpecimenTypeId: pRefs.type(type),
          CollectedAmount: amount,
          RemainingAmount: amount,
          CollectedDate: '2026-11-20',
          CollectedTime: `08:${String(i).padStart(2, '0')}`,
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      out.push(json<Rec>(res));
    }
    return out;
  };
  return { ...w, patientBody: patient, withdraw, collect };
}

// The world: donor 1 (protocol 1) gave 6 whole blood (10 mL, one of them in a box) and 5 plasma (0.5 mL), and a
// questionnaire answer; donor 2 (protocol 2) gave 2 serum (3 mL). Both granted Future research; donor 2 also
// Genetic research, donor 1 not.
const d1 = await donor('A', { fr: true, gen: false });
const d2 = await donor('B', { fr: true, gen: true });
const blood = await d1.collect(6, 'Whole Blood', 10);
await d1.collect(5, 'Plasma', 0.5);
await d2.collect(2, 'Serum', 3);
// Protocol 1's event collects whole blood from the blood (its specimen requirement names the anatomic site).
const requirement = await t.call(
  'POST',
  `${d1.base}/collectionProtocolEvents/${d1.event.id}/collectionProtocolEventSpecimenRequirements`,
  {
    token: A.token,
    body: {
      Title: 'Whole blood',
      Code: 'WB',
      InitialQuantity: 10,
      UnitOfMeasurementId: pRefs.unit('Millilitre'),
      SpecimenTypeId: pRefs.type('Whole Blood'),
      AnatomicSiteId: pRefs.blood,
      PathologicalStatusId: pRefs.malignant,
      SpecimenCollectionProcedureId: pRefs.venipuncture,
      items: [],
    },
  },
);
expect(requirement.statusCode, requirement.body).toBe(201);
// One whole blood tube is in a box.
const chain = await storageChain(t, inst, A.token, await storageRefs(t, inst, A.token), { Rows: 2, Columns: 2 });
const positions = json<Rec[]>(
  await t.call('GET', `${nodePath(inst, chain.ids)}/StorageContainerBoxPositions`, { token: A.token }),
);
const stored = await t.call(
  'POST',
  `${nodePath(inst, chain.ids)}/StorageContainerBoxPositions/${positions[0].id}/StorageContainerBoxPositionOccupancies`,
  { token: A.token, body: { CollectedSampleID: blood[0].id } },
);
expect(stored.statusCode, stored.body).toBe(201);
// Protocol 1's questionnaire: a list question, and a free-text one answered with the donor's own name.
const dataTypes = json<(Rec & { abbreviation: string })[]>(
  await t.call('GET', `/api/institutions/${inst}/dataTypes?PageSize=50`, { token: A.token }),
);
const kind = (abbreviation: string) => dataTypes.find((d) => d.abbreviation === abbreviation)!.id;
const formsUrl = `${d1.base}/collectionProtocolForms`;
const form = json<Rec & { concurrencyStamp: string; shareable: boolean }>(
  await t.call('POST', formsUrl, { token: A.token, body: { Name: 'Lifestyle', Description: 'At enrolment' } }),
);
const fieldOf = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', `${formsUrl}/${form.id}/collectionProtocolFormFields`, { token: A.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return json<Rec>(res);
};
const smoker = await fieldOf({
  DataTypeId: kind('RL'),
  Prompt: 'Do you smoke?',
  ResponseTitle: 'Smoker',
  Options: [{ Value: 'Yes' }, { Value: 'No' }],
});
const kin = await fieldOf({ DataTypeId: kind('TB'), Prompt: 'Next of kin', ResponseTitle: 'Kin' });
const submitted = await t.call('POST', `/api/institutions/${inst}/submittedCollectionProtocolForms`, {
  token: A.token,
  body: {
    InstitutionSiteId: A.institution.site.id,
    CollectionProtocolFormId: form.id,
    PatientId: d1.patient.id,
    FormFields: [
      { CollectionProtocolFormFieldId: smoker.id, Value: 'No' },
      { CollectionProtocolFormFieldId: kin.id, Value: d1.patientBody.FirstName },
    ],
  },
});
expect(submitted.statusCode, submitted.body).toBe(201);

afterEach(() => {
  delete process.env.SMALL_CELL_MIN;
});

describe('the research catalogue', () => {
  it('counts eligible samples per dimension, suppresses 1-4 as "< 5" and withholds the cell that would give one away', async () => {
    const needsFr = await study(inst, A.token, A.account.id, [FR]);
    const { body: c } = await catalogueOf(needsFr);
    expect(c.distributionProtocol).toEqual({ id: needsFr, title: 'Catalogue study ' + FR });
    expect(c.smallCellMin).toBe(5);
    expect(c.dimensions.map((d) => d.key)).toEqual([
      'specimenType',
      'anatomicSite',
      'collectionProtocol',
      'remainingQuantity',
      'storageState',
    ]);
    // Serum (2) is small; Plasma (5), the smallest other, is withheld: 13 - 6 - Plasma would give Serum away.
    expect(rows(table(c, 'specimenType'))).toEqual([
      ['Plasma', null],
      ['Serum', '< 5'],
      ['Whole Blood', 6],
    ]);
    expect(table(c, 'specimenType')).toMatchObject({ shownTotal: 6, hiddenGroups: 2 });
    // No small group: nothing hidden. Plasma and serum have no requirement naming a site.
    expect(rows(table(c, 'anatomicSite'))).toEqual([
      ['Blood', 6],
      ['Not recorded', 7],
    ]);
    expect(table(c, 'anatomicSite')).toMatchObject({ shownTotal: 13, hiddenGroups: 0 });
    // Two protocols (both titled as the fixture titles them): 11 and 2 samples; the 11 is withheld.
    expect(rows(table(c, 'collectionProtocol'))).toEqual([
      ['Breast Cancer Screening', expect.toSatisfy((v) => v === null || v === '< 5')],
      ['Breast Cancer Screening', expect.toSatisfy((v) => v === null || v === '< 5')],
    ]);
    expect(table(c, 'collectionProtocol')).toMatchObject({ shownTotal: 0, hiddenGroups: 2 });
    expect(rows(table(c, 'remainingQuantity'))).toEqual([
      ['Under 1 mL', null],
      ['1 to under 5 mL', '< 5'],
      ['10 or more mL', 6],
    ]);
    expect(rows(table(c, 'storageState'))).toEqual([
      ['Not stored', null],
      ['Stored', '< 5'],
    ]);
    // Questionnaires are counted only once the protocol shares them.
    expect(c.questions).toEqual([]);

    // Genetic research: only donor 2 granted it.
    const needsGen = await study(inst, A.token, A.account.id, [FR, GEN]);
    const { body: g } = await catalogueOf(needsGen);
    expect(rows(table(g, 'specimenType'))).toEqual([['Serum', '< 5']]);
  });

  it('counts the list answers of a questionnaire an administrator marked shareable (audited), never free text', async () => {
    const needsFr = await study(inst, A.token, A.account.id, [FR]);
    const shareUrl = `${formsUrl}/${form.id}/shareable`;
    // Only administrators decide (distribution.manage): a coordinator who designs forms may not.
    const coordinator = await createAccount(t, { roles: ['Coordinator'], institutionIds: [inst] });
    const refused = await t.call('PUT', shareUrl, {
      token: await login(t, coordinator.email),
      body: { shareable: true, concurrencyStamp: form.concurrencyStamp },
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.call('PUT', shareUrl, {
      token: A.token,
      body: { shareable: true, concurrencyStamp: form.concurrencyStamp },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ shareable: boolean }>(res).shareable).toBe(true);
    const stale = await t.call('PUT', shareUrl, {
      token: A.token,
      body: { shareable: false, concurrencyStamp: form.concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'collectionProtocolForm'),
          eq(auditEvents.entityId, String(form.id)),
          eq(auditEvents.action, 'update'),
        ),
      );
    expect(audit.before).toMatchObject({ shareable: false });
    expect(audit.after).toMatchObject({ shareable: true });

    const { body: c, raw } = await catalogueOf(needsFr);
    expect(c.questions).toEqual([
      {
        key: 'question1',
        title: 'Do you smoke?',
        questionnaire: 'Lifestyle',
        rows: [{ label: 'No', count: 11 }],
        shownTotal: 11,
        hiddenGroups: 0,
      },
    ]);
    expect(raw).not.toContain('Next of kin');
    expect(raw).not.toContain(d1.patientBody.FirstName);
  });

  it('no answer contains an MRN, a name, a phone number or an internal participant id', async () => {
    const needsFr = await study(inst, A.token, A.account.id, [FR]);
    const answers = [await catalogueOf(needsFr), await catalogueOf(needsFr, A.token)];
    const words = [d1, d2].flatMap((d) => [
      d.patientBody.PatientMRN,
      d.patientBody.FirstName,
      d.patientBody.FatherName,
      d.patientBody.GrandFatherName,
      d.patientBody.phoneNumbers[0].phoneNumber,
    ]);
    const sampleCodes = [...blood.map((s) => String(s.sampleId))];
    for (const { body, raw } of answers) {
      for (const w of [...words, ...sampleCodes]) expect(raw.toLowerCase()).not.toContain(w.toLowerCase());
      expect(raw).not.toMatch(/mrn|patient|participant|phone|sampleId/i);
      // Every number is a count, a sum, the threshold or the distribution protocol's own id: no participant's,
      // enrolment's or sample's internal id has a place to be.
      const walk = (v: unknown, key: string, path: string): void => {
        if (typeof v === 'number')
          expect(['count', 'shownTotal', 'hiddenGroups', 'smallCellMin', 'distributionProtocol.id'], path).toContain(
            path === 'distributionProtocol.id' ? path : key,
          );
        else if (Array.isArray(v)) v.forEach((x, i) => walk(x, key, `${path}[${i}]`));
        else if (v && typeof v === 'object')
          for (const [k, x] of Object.entries(v)) walk(x, k, path ? `${path}.${k}` : k);
      };
      walk(body, '', '');
    }
  });

  it('a withdrawn consent takes the samples out at once', async () => {
    const needsFr = await study(inst, A.token, A.account.id, [FR]);
    const other = await donor('C', { fr: true, gen: false });
    await other.collect(3, 'Serum', 3);
    const before = await catalogueOf(needsFr);
    // Serum 2 + 3 = 5: no longer small.
    expect(rows(table(before.body, 'specimenType'))).toContainEqual(['Serum', 5]);
    expect((await other.withdraw()).statusCode).toBe(200);
    const after = await catalogueOf(needsFr);
    expect(rows(table(after.body, 'specimenType'))).toContainEqual(['Serum', '< 5']);
  });

  it('SMALL_CELL_MIN sets the threshold', async () => {
    const needsFr = await study(inst, A.token, A.account.id, [FR]);
    process.env.SMALL_CELL_MIN = '7';
    const { body } = await catalogueOf(needsFr);
    expect(body.smallCellMin).toBe(7);
    expect(rows(table(body, 'anatomicSite'))).toEqual([
      ['Blood', '< 7'],
      ['Not recorded', null],
    ]);
    process.env.SMALL_CELL_MIN = '1';
    expect(rows(table((await catalogueOf(needsFr)).body, 'storageState'))).toEqual([
      ['Not stored', expect.any(Number)],
      ['Stored', 1],
    ]);
  });

  it('a Researcher and the administrators read it; a role without catalogue.read is refused; another institution’s protocol is 404', async () => {
    const needsFr = await study(inst, A.token, A.account.id, [FR]);
    expect((await t.call('GET', url(needsFr), { token: researcherToken })).statusCode).toBe(200);
    expect((await t.call('GET', url(needsFr), { token: A.token })).statusCode).toBe(200);
    const refused = await t.call('GET', url(needsFr), { token: technicianToken });
    expect(refused.statusCode).toBe(403);
    const bPurposes = json<Rec[]>(
      await t.call('GET', `/api/institutions/${B.institution.id}/consentPurposes`, { token: B.token }),
    );
    const theirs = await study(B.institution.id, B.token, B.account.id, [bPurposes[0].id]);
    const foreign = await t.call('GET', url(theirs), { token: researcherToken });
    expect(foreign.statusCode).toBe(404);
    // In B's path: not a member there, so B's protocols do not exist for them (the project's tenancy rule).
    expect((await t.call('GET', url(theirs, B.institution.id), { token: researcherToken })).statusCode).toBe(404);
    expect((await t.call('GET', url(2_000_000_000), { token: researcherToken })).statusCode).toBe(404);
  });
});

describe('suppressTable', () => {
  const g = (label: string, n: number) => ({ label, n });
  it('leaves tables without small groups alone and states only what it shows', () => {
    expect(suppressTable('k', 'K', [g('b', 9), g('a', 5), g('z', 0)], 5, true)).toEqual({
      key: 'k',
      title: 'K',
      rows: [
        { label: 'a', count: 5 },
        { label: 'b', count: 9 },
      ],
      shownTotal: 14,
      hiddenGroups: 0,
    });
  });
  it('withholds the smallest other group when a partition has one small group; two small groups need nothing more', () => {
    expect(rows(suppressTable('k', 'K', [g('a', 3), g('b', 20), g('c', 8)], 5, true))).toEqual([
      ['a', '< 5'],
      ['b', 20],
      ['c', null],
    ]);
    expect(rows(suppressTable('k', 'K', [g('a', 3), g('b', 20), g('c', 1)], 5, true))).toEqual([
      ['a', '< 5'],
      ['b', 20],
      ['c', '< 5'],
    ]);
    // Not a partition (questionnaire answers): no total to subtract from.
    expect(rows(suppressTable('k', 'K', [g('a', 3), g('b', 20)], 5, false))).toEqual([
      ['a', '< 5'],
      ['b', 20],
    ]);
  });
});
