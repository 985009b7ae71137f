import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { signaturePng } from '../../test/protocols-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { sampleSetUp } from '../../test/samples-fixtures';
import { type Field, formsKit } from '../../test/forms-kit';
import { compilePattern, PATTERN_BUDGET, PATTERN_OVER_BUDGET, patternCost } from '../../../contract/forms.contract';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const k = await formsKit(t, institution.id, token);
type Rec = Record<string, unknown> & { id: number };
type Detail = Rec & {
  formVersion: number;
  fields: Field[];
  submittedCollectionProtocolFormValues: {
    collectionProtocolFormFieldId: number;
    collectionProtocolFormField: { prompt: string };
    value: string;
  }[];
};

/** A form with one required field of each of the nine types, each with its own required message. */
async function nineFieldForm(name = 'All types') {
  const f = await k.form(name);
  const req = (kind: string, over: Record<string, unknown> = {}) =>
    k.field(f.id, kind, { Required: true, RequiredMessage: `${kind} is needed`, ...over });
  const fields = {
    TB: await req('TB', {
      HasValidation: true,
      RegularExpression: '[A-Z]{2}\\d{3}',
      RegularExpressionMessage: 'Two capitals then three digits',
    }),
    TA: await req('TA'),
    TP: await req('TP'),
    DP: await req('DP'),
    DTP: await req('DTP'),
    CB: await req('CB'),
    CBL: await req('CBL', { Options: [{ Value: 'Fever' }, { Value: 'Cough' }, { Value: 'Rash' }] }),
    RL: await req('RL', { Options: [{ Value: 'Yes' }, { Value: 'No' }] }),
    SL: await req('SL', { Options: [{ Value: 'Low' }, { Value: 'High' }] }),
  };
  return { form: f, fields };
}
const answers = (fields: Record<string, Field>, values: Record<string, unknown>) =>
  Object.entries(values).map(([kind, value]) => ({ CollectionProtocolFormFieldId: fields[kind].id, Value: value }));
const good = {
  TB: 'AB123',
  TA: 'Line one\nline two',
  TP: '08:30',
  DP: '2024-02-29',
  DTP: '2026-05-01T09:15',
  CB: true,
  CBL: ['Rash', 'Fever'],
  RL: 'Yes',
  SL: 'High',
};

describe('filling a questionnaire', () => {
  it("takes the sample ID of one of the participant's collected samples (any case, stored as collected) and refuses any other", async () => {
    const f = await k.form('With a sample');
    await k.field(f.id, 'TB', { Required: false });
    const own = await sampleSetUp(t, institution, token);
    const sample = await own.sample();
    await k.call(
      'POST',
      `/api/institutions/${institution.id}/collectionProtocols/${k.protocol.id}/collectionProtocolParticipants`,
      { PatientIds: [own.patient.id] },
    );
    const ok = await k.submit({
      CollectionProtocolFormId: f.id,
      PatientId: own.patient.id,
      SampleID: sample.sampleId.toLowerCase(),
      FormFields: [],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok)).toMatchObject({ sampleId: sample.sampleId });
    const { patient: someoneElse } = await k.enrolledPatient();
    for (const [patientId, sampleId] of [
      [someoneElse.id, sample.sampleId],
      [own.patient.id, 'NO-SUCH-SAMPLE'],
    ] as const) {
      const res = await k.submit({
        CollectionProtocolFormId: f.id,
        PatientId: patientId,
        SampleID: sampleId,
        FormFields: [],
      });
      expect(json(res)).toMatchObject({
        status: 400,
        code: 'forms.sample_unknown',
        errors: { sampleId: ['Not a sample of this participant'] },
      });
    }
  });

  it("enforces every rule of each field type, keyed by field id with the field's own messages", async () => {
    const { form, fields } = await nineFieldForm();
    const { patient } = await k.enrolledPatient();
    const empty = await k.submit({ CollectionProtocolFormId: form.id, PatientId: patient.id, FormFields: [] });
    expect(empty.statusCode).toBe(400);
    const errs = json<{ errors: Record<string, string[]>; title: string; code: string }>(empty);
    expect(errs.code).toBe('forms.answers_invalid');
    expect(errs.title).toBe('TB prompt: TB is needed (and 8 more)');
    for (const [kind, field] of Object.entries(fields))
      expect(errs.errors[field.id], kind).toEqual([`${kind} is needed`]);
    const bad = await k.submit({
      CollectionProtocolFormId: form.id,
      PatientId: patient.id,
      FormFields: answers(fields, {
        TB: 'ab123',
        TA: 'ok',
        TP: '24:00',
        DP: '2019-02-29',
        DTP: '2026-13-01T10:00',
        CB: 'maybe',
        CBL: ['Fever', 'Flu'],
        RL: 'Perhaps',
        SL: 'low',
      }),
    });
    expect(json<{ errors: Record<string, string[]> }>(bad).errors).toEqual({
      [fields.TB.id]: ['Two capitals then three digits'],
      [fields.TP.id]: ['Enter a time as HH:mm (00:00 to 23:59)'],
      [fields.DP.id]: ['Not a valid date: use YYYY-MM-DD'],
      [fields.DTP.id]: ['Enter a date and time as YYYY-MM-DDTHH:mm'],
      [fields.CB.id]: ['Tick the box or leave it empty'],
      [fields.CBL.id]: ['Choose from the listed options'],
      [fields.RL.id]: ['Choose one of the listed options'],
      [fields.SL.id]: ['Choose one of the listed options'],
    });
    const unknown = await k.submit({
      CollectionProtocolFormId: form.id,
      PatientId: patient.id,
      FormFields: [...answers(fields, good), { CollectionProtocolFormFieldId: 999999, Value: 'x' }],
    });
    expect(json<{ errors: Record<string, string[]> }>(unknown).errors).toEqual({
      999999: ['This field is not on the questionnaire'],
    });

    const res = await k.submit({
      CollectionProtocolFormId: form.id,
      PatientId: patient.id,
      FormVersion: 1,
      FormFields: answers(fields, { ...good, CBL: JSON.stringify(['Rash', 'Fever']) }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = json<Detail>(res);
    expect(s).toMatchObject({
      formVersion: 1,
      patientId: patient.id,
      sampleId: null,
      institutionSite: { title: 'Main Site' },
      institution: { id: institution.id },
      collectionProtocolForm: { name: 'All types' },
    });
    const stored = Object.fromEntries(
      s.submittedCollectionProtocolFormValues.map((v) => [v.collectionProtocolFormFieldId, v.value]),
    );
    expect(stored[fields.CBL.id]).toBe('["Fever","Rash"]');
    expect(stored[fields.CB.id]).toBe('true');
    expect(stored[fields.TA.id]).toBe('Line one\nline two');
    expect(s.fields.map((f) => f.id)).toEqual(Object.values(fields).map((f) => f.id));
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'submittedCollectionProtocolForm'), eq(auditEvents.entityId, String(s.id))));
    expect(audits.map((x) => x.action)).toEqual(['create']);
  });

  it('leaves optional fields empty, and checks a pattern that would backtrack in linear time', async () => {
    const f = await k.form();
    const slow = await k.field(f.id, 'TB', {
      HasValidation: true,
      RegularExpression: '(a|aa)+',
      RegularExpressionMessage: 'Only a',
    });
    const cb = await k.field(f.id, 'CB');
    const { patient } = await k.enrolledPatient();
    const ok = await k.submit({ CollectionProtocolFormId: f.id, PatientId: patient.id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(
      json<Detail>(ok).submittedCollectionProtocolFormValues.map((v) => [v.collectionProtocolFormFieldId, v.value]),
    ).toEqual([[cb.id, 'false']]);
    // A backtracking engine takes 2^60 steps here; re2js answers at once, with the field's own message (issue 26).
    const started = Date.now();
    const res = await k.submit({
      CollectionProtocolFormId: f.id,
      PatientId: patient.id,
      FormFields: [{ CollectionProtocolFormFieldId: slow.id, Value: `${'a'.repeat(60)}b` }],
    });
    expect(json<{ errors: Record<string, string[]> }>(res).errors[slow.id]).toEqual(['Only a']);
    expect(Date.now() - started).toBeLessThan(5000);
    const fine = await k.submit({
      CollectionProtocolFormId: f.id,
      PatientId: patient.id,
      FormFields: [{ CollectionProtocolFormFieldId: slow.id, Value: 'a'.repeat(61) }],
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('gives each submission one pattern budget: 50 fields of (a|a)*b with the longest answers are refused past it, quickly (issue 26)', async () => {
    const f = await k.form('Fifty patterns');
    const fields: Field[] = [];
    for (let i = 0; i < 50; i++)
      fields.push(
        await k.field(f.id, 'TB', {
          Prompt: `P${i}`,
          HasValidation: true,
          RegularExpression: '(a|a)*b',
          RegularExpressionMessage: 'Ends with b',
        }),
      );
    const { patient } = await k.enrolledPatient();
    const send = (value: string) =>
      k.submit({
        CollectionProtocolFormId: f.id,
        PatientId: patient.id,
        FormFields: fields.map((x) => ({ CollectionProtocolFormFieldId: x.id, Value: value })),
      });
    const started = performance.now();
    const res = await send('a'.repeat(500));
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    // In ordinal order: the first fields are checked (no b: their own message), the rest are past the budget.
    const perField = patternCost(compilePattern('(a|a)*b')!.programSize(), 500);
    const checked = Math.floor(PATTERN_BUDGET / perField);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThan(50);
    expect(fields.map((x) => errors[x.id][0])).toEqual(
      fields.map((_, i) => (i < checked ? 'Ends with b' : PATTERN_OVER_BUDGET)),
    );
    expect(ms).toBeLessThan(2000);
    // Short answers fit the budget: all 50 are checked and stored.
    const ok = await send('aaab');
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a participant not enrolled, one who withdrew consent, a disabled form, a changed version and a foreign site', async () => {
    const f = await k.form();
    await k.field(f.id, 'TB');
    const stranger = json<Rec>(
      await k.call(
        'POST',
        `/api/institutions/${institution.id}/patients/register`,
        (await import('../../test/participants-fixtures')).participant(k.refs),
      ),
    );
    expect(json(await k.submit({ CollectionProtocolFormId: f.id, PatientId: stranger.id }))).toMatchObject({
      status: 400,
      code: 'forms.not_enrolled',
    });

    const { patient, participantId } = await k.enrolledPatient({ FirstName: 'Liya', FatherName: 'Girma' });
    const pbase = `/api/institutions/${institution.id}/collectionProtocols/${k.protocol.id}`;
    const consent = json<Rec & { consentVersionId: number }>(
      await k.call('POST', `${pbase}/collectionProtocolConsents`, { Title: 'Main', Consent: '<p>I agree</p>' }),
    );
    const signed = json<Rec>(
      await k.call('POST', `${pbase}/collectionProtocolParticipantConsents`, {
        ParticipantId: participantId,
        ConsentVersionId: consent.consentVersionId,
        Signature: signaturePng().dataUrl,
      }),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await k.call('POST', `${pbase}/collectionProtocolParticipantConsents/${signed.id}/withdraw`, {
          WithdrawnDate: today,
          Reason: 'Moved',
          Effect: 'stop_use',
        })
      ).statusCode,
    ).toBe(200);
    expect(json(await k.submit({ CollectionProtocolFormId: f.id, PatientId: patient.id }))).toMatchObject({
      status: 409,
      code: 'protocols.consent_withdrawn',
    });

    const { patient: p2 } = await k.enrolledPatient();
    expect(json(await k.submit({ CollectionProtocolFormId: f.id, PatientId: p2.id, FormVersion: 2 }))).toMatchObject({
      status: 409,
      code: 'forms.version_changed',
    });
    const other = await signedIn(t, ['Coordinator']);
    const foreignSite = json<Rec[]>(
      await t.call('GET', `/api/institutions/${other.institution.id}/institutionSites`, { token: other.token }),
    )[0].id;
    expect(
      json(await k.submit({ CollectionProtocolFormId: f.id, PatientId: p2.id, InstitutionSiteId: foreignSite })).errors,
    ).toEqual({ institutionSiteId: ['Choose an enabled site of this institution'] });
    expect((await k.call('POST', `${k.base()}/${f.id}/disable`)).statusCode).toBe(200);
    expect(json(await k.submit({ CollectionProtocolFormId: f.id, PatientId: p2.id }))).toMatchObject({
      status: 409,
      code: 'forms.form_disabled',
    });
  });
});

describe('versions (docs/forms.md)', () => {
  it('a change after submissions starts a new version; an old submission keeps its prompts, options and values', async () => {
    const f = await k.form('Versioned');
    const rl = await k.field(f.id, 'RL', { Prompt: 'Smoker?', Options: [{ Value: 'Yes' }, { Value: 'No' }] });
    const tb = await k.field(f.id, 'TB', { Prompt: 'Notes' });
    // Edits before anyone fills stay in version 1.
    const rlUrl = `${k.fieldsUrl(f.id)}/${rl.id}`;
    const edited = json<Field>(
      await k.call('PUT', rlUrl, {
        DataTypeId: k.type('RL'),
        Prompt: 'Do you smoke?',
        ResponseTitle: 'smoker',
        ConcurrencyStamp: rl.concurrencyStamp,
      }),
    );
    expect(json<Rec>(await k.call('GET', `${k.base()}/${f.id}`))).toMatchObject({
      currentVersion: 1,
      currentVersionLocked: false,
    });
    const { patient } = await k.enrolledPatient();
    const first = json<Detail>(
      await k.submit({
        CollectionProtocolFormId: f.id,
        PatientId: patient.id,
        FormFields: [
          { CollectionProtocolFormFieldId: rl.id, Value: 'Yes' },
          { CollectionProtocolFormFieldId: tb.id, Value: 'first' },
        ],
      }),
    );
    expect(first.formVersion).toBe(1);
    expect(json<Rec>(await k.call('GET', `${k.base()}/${f.id}`))).toMatchObject({
      currentVersion: 1,
      currentVersionLocked: true,
    });

    // Now version 1 is frozen: renaming the prompt and an option starts version 2.
    const [yes] = edited.options;
    const v2 = await k.call('PUT', rlUrl, {
      DataTypeId: k.type('RL'),
      Prompt: 'Smoking status',
      ResponseTitle: 'smoker',
      ConcurrencyStamp: edited.concurrencyStamp,
      Options: [{ Id: yes.id, Value: 'Current smoker' }, { Value: 'Never' }],
    });
    expect(v2.statusCode, v2.body).toBe(200);
    await k.field(f.id, 'DP', { Prompt: 'Quit date' });
    expect(json<Rec>(await k.call('GET', `${k.base()}/${f.id}`))).toMatchObject({
      currentVersion: 2,
      currentVersionLocked: false,
    });
    expect(
      json(
        await k.submit({
          CollectionProtocolFormId: f.id,
          PatientId: patient.id,
          FormFields: [{ CollectionProtocolFormFieldId: rl.id, Value: 'Yes' }],
        }),
      ).errors,
    ).toEqual({ [rl.id]: ['Choose one of the listed options'] });
    const second = json<Detail>(
      await k.submit({
        CollectionProtocolFormId: f.id,
        PatientId: patient.id,
        FormFields: [{ CollectionProtocolFormFieldId: rl.id, Value: 'Current smoker' }],
      }),
    );
    expect(second.formVersion).toBe(2);

    const old = json<Detail>(
      await t.call('GET', `/api/institutions/${institution.id}/submittedCollectionProtocolForms/${first.id}`, {
        token,
      }),
    );
    expect(old.formVersion).toBe(1);
    expect(old.fields.map((x) => x.prompt)).toEqual(['Do you smoke?', 'Notes']);
    expect(old.fields[0].options.map((o) => o.value)).toEqual(['Yes', 'No']);
    expect(
      old.submittedCollectionProtocolFormValues.map((v) => [v.collectionProtocolFormField.prompt, v.value]),
    ).toEqual([
      ['Do you smoke?', 'Yes'],
      ['Notes', 'first'],
    ]);
    const v1 = json<{ version: number; fields: Field[] }>(await k.call('GET', `${k.base()}/${f.id}?Version=1`));
    expect(v1).toMatchObject({ version: 1 });
    expect(v1.fields.map((x) => x.prompt)).toEqual(['Do you smoke?', 'Notes']);
    expect(json(await k.call('GET', `${k.base()}/${f.id}?Version=9`))).toMatchObject({
      status: 404,
      code: 'forms.no_version',
    });
    expect(
      json<Rec[]>(await k.call('GET', `${k.base()}/${f.id}/versions`)).map((v) => [v.version, v.submissionCount]),
    ).toEqual([
      [2, 1],
      [1, 1],
    ]);
    const values = await t.call(
      'GET',
      `/api/institutions/${institution.id}/submittedCollectionProtocolForms/${first.id}/submittedCollectionProtocolFormValues`,
      { token },
    );
    expect(json<unknown[]>(values)).toHaveLength(2);
  });
});

describe('lists, disable, tenancy, permissions', () => {
  it('lists by patient or form and date range, paged; a disabled submission leaves the list', async () => {
    const f = await k.form();
    await k.field(f.id, 'TB');
    const { patient } = await k.enrolledPatient();
    const { patient: other } = await k.enrolledPatient();
    const ids = [];
    for (const p of [patient, patient, other])
      ids.push(json<Rec>(await k.submit({ CollectionProtocolFormId: f.id, PatientId: p.id })).id);
    const list = (q: string) =>
      t.call('GET', `/api/institutions/${institution.id}/submittedCollectionProtocolForms?${q}`, { token });
    const byPatient = await list(`PatientID=${patient.id}&PageSize=1`);
    expect(pagination(byPatient)).toMatchObject({ TotalCount: 2, PageSize: 1 });
    expect(json<Rec[]>(byPatient)[0]).toMatchObject({
      id: ids[1],
      collectionProtocolForm: { id: f.id },
      patient: { id: patient.id, firstName: 'Almaz' },
      formVersion: 1,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      pagination(await list(`CollectionProtocolFormID=${f.id}&EnabledStartDate=${today}&EnabledEndDate=${today}`))
        .TotalCount,
    ).toBe(3);
    expect(pagination(await list(`CollectionProtocolFormID=${f.id}&EnabledEndDate=2000-01-01`)).TotalCount).toBe(0);
    const off = await t.call(
      'POST',
      `/api/institutions/${institution.id}/submittedCollectionProtocolForms/${ids[0]}/disable`,
      { token, body: {} },
    );
    expect(json(off)).toMatchObject({ isEnabled: false });
    expect(json<Rec[]>(await list(`CollectionProtocolFormID=${f.id}`)).map((x) => x.id)).toEqual([ids[2], ids[1]]);
  });

  it('keeps another institution out (404) and needs participants.manage to fill', async () => {
    const f = await k.form();
    await k.field(f.id, 'TB');
    const { patient } = await k.enrolledPatient();
    const s = json<Rec>(await k.submit({ CollectionProtocolFormId: f.id, PatientId: patient.id }));
    const other = await signedIn(t, ['Coordinator']);
    const theirs = `/api/institutions/${other.institution.id}/submittedCollectionProtocolForms`;
    expect((await t.call('GET', `${theirs}/${s.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('POST', `${theirs}/${s.id}/disable`, { token: other.token })).statusCode).toBe(404);
    expect(
      (
        await t.call('POST', theirs, {
          token: other.token,
          body: { CollectionProtocolFormId: f.id, PatientId: patient.id, InstitutionSiteId: k.refs.site },
        })
      ).statusCode,
    ).toBe(404);
    expect(json<unknown[]>(await t.call('GET', `${theirs}?PatientID=${patient.id}`, { token: other.token }))).toEqual(
      [],
    );
    const researcher = await signedIn(t, ['Researcher'], institution);
    expect(
      (await k.submit({ CollectionProtocolFormId: f.id, PatientId: patient.id }, researcher.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('GET', `/api/institutions/${institution.id}/submittedCollectionProtocolForms/${s.id}`, {
          token: researcher.token,
        })
      ).statusCode,
    ).toBe(200);
    const clinician = await signedIn(t, ['Clinician'], institution);
    expect(
      (await k.submit({ CollectionProtocolFormId: f.id, PatientId: patient.id }, clinician.token)).statusCode,
    ).toBe(201);
  });
});
