import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { json, pagination, testApp } from './harness';
import { createAccount, login, signedIn } from './factories';
import { createProtocol, protocolRefs } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { nodePath, storageChain, storageRefs } from './storage-fixtures';
import { auditEvents } from '../platform/audit.table';
import { formsKit } from './forms-kit';

// Issue 27 item 4: the lists (and the per-value fill) spec 1 §7 and spec 2 §7 read, as the spec writes them.
const t = await testApp();
const A = await signedIn(t, ['Institution Administrator']);
const B = await signedIn(t, ['Institution Administrator']);
const inst = A.institution.id;
const token = A.token;
type Rec = Record<string, unknown> & { id: number };
type Item = Rec & { children: Item[]; parentCollectionProtocolEventSpecimenRequirementItemId: number | null };
const get = (url: string, as = token) => t.call('GET', `/api/institutions/${inst}/${url}`, { token: as });
const post = (url: string, body: unknown, as = token) =>
  t.call('POST', `/api/institutions/${inst}/${url}`, { token: as, body });

describe('requirement items (spec 2 §7 "GET the list, recursive for children")', () => {
  it("lists the top-level items with their children nested, in the spec's fields, at the protocol's and the event's path", async () => {
    const r = await protocolRefs(t, inst, token);
    const p = await createProtocol(t, inst, token);
    const event = json<Rec>(
      await post(`collectionProtocols/${p.id}/collectionProtocolEvents`, {
        Label: 'Baseline',
        EventCode: 'BL',
        CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day'),
      }),
    );
    const other = json<Rec>(
      await post(`collectionProtocols/${p.id}/collectionProtocolEvents`, {
        Label: 'Week 1',
        EventCode: 'W1',
        CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Week'),
      }),
    );
    const blood = r.type('Whole Blood'),
      plasma = r.type('Plasma');
    const reqRes = await post(
      `collectionProtocols/${p.id}/collectionProtocolEvents/${event.id}/collectionProtocolEventSpecimenRequirements`,
      {
        Title: 'Blood',
        Code: 'WB',
        InitialQuantity: 10,
        UnitOfMeasurementId: r.unit('Millilitre'),
        SpecimenTypeId: blood,
        items: [
          { key: 'a', SubSampleLineageId: r.aliquot, SpecimenTypeId: blood, InitialQuantity: 4 },
          { key: 'b', parentKey: 'a', SubSampleLineageId: r.derived, SpecimenTypeId: plasma, InitialQuantity: 2 },
          { key: 'c', parentKey: 'b', SubSampleLineageId: r.aliquot, SpecimenTypeId: plasma, InitialQuantity: 1 },
          { key: 'd', SubSampleLineageId: r.aliquot, SpecimenTypeId: blood, InitialQuantity: 3 },
        ],
      },
    );
    expect(reqRes.statusCode, reqRes.body).toBe(201);
    const requirement = json<Rec & { children: Item[] }>(reqRes);
    const [a, d] = requirement.children;
    const b = a.children[0],
      c = b.children[0];
    const atProtocol = `collectionProtocols/${p.id}/collectionProtocolEventSpecimenRequirements/${requirement.id}/collectionProtocolEventSpecimenRequirementItems`;
    const atEvent = `collectionProtocols/${p.id}/collectionProtocolEvents/${event.id}/collectionProtocolEventSpecimenRequirements/${requirement.id}/collectionProtocolEventSpecimenRequirementItems`;
    for (const url of [atProtocol, atEvent]) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const items = json<Item[]>(res);
      expect(items.map((i) => i.id)).toEqual([a.id, d.id]);
      expect(pagination(res)).toMatchObject({ TotalCount: 2, PageSize: 1000 });
      expect(items[0]).toMatchObject({
        specimenTypeId: blood,
        subSampleLineageId: r.aliquot,
        initialQuantity: 4,
        unitOfMeasurementId: r.unit('Millilitre'),
        collectionProtocolEventSpecimenRequirementId: requirement.id,
        parentCollectionProtocolEventSpecimenRequirementItemId: null,
      });
      expect(typeof items[0].createdDate).toBe('string');
      // The spec's client walks `children`, to any depth, each in the same shape.
      const [childB] = items[0].children;
      expect(childB).toMatchObject({
        id: b.id,
        specimenTypeId: plasma,
        subSampleLineageId: r.derived,
        parentCollectionProtocolEventSpecimenRequirementItemId: a.id,
      });
      expect(childB.children).toEqual([
        expect.objectContaining({
          id: c.id,
          initialQuantity: 1,
          parentCollectionProtocolEventSpecimenRequirementItemId: b.id,
          collectionProtocolEventSpecimenRequirementId: requirement.id,
          children: [],
        }),
      ]);
    }
    const firstPage = await get(`${atProtocol}?PageSize=1&PageNumber=2`);
    expect(json<Item[]>(firstPage).map((i) => i.id)).toEqual([d.id]);
    expect(pagination(firstPage)).toMatchObject({ TotalCount: 2, PageSize: 1, CurrentPage: 2 });

    // The spec's one-item POST at the event's path too; the item then shows in the list.
    const added = await post(atEvent, {
      SpecimenTypeID: plasma,
      SubSampleLineageID: r.derived,
      InitialQuantity: 1,
      ParentCollectionProtocolEventSpecimenRequirementItemID: d.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const afterAdd = json<Item[]>(await get(atEvent));
    expect(afterAdd[1].children.map((i) => i.id)).toEqual([json<Rec>(added).id]);

    // The requirement is not the other event's; another institution's ids and bad ids.
    const wrongEvent = atEvent.replace(
      `collectionProtocolEvents/${event.id}/`,
      `collectionProtocolEvents/${other.id}/`,
    );
    expect(json(await get(wrongEvent))).toMatchObject({ status: 404, title: 'Specimen requirement not found.' });
    expect(
      (await post(wrongEvent, { SpecimenTypeID: plasma, SubSampleLineageID: r.derived, InitialQuantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/institutions/${B.institution.id}/${atProtocol}`, { token })).statusCode).toBe(
      404,
    );
    const bProtocol = await createProtocol(t, B.institution.id, B.token);
    expect(
      json(await get(atProtocol.replace(`collectionProtocols/${p.id}/`, `collectionProtocols/${bProtocol.id}/`))),
    ).toMatchObject({ status: 404, title: 'Collection protocol not found.' });
    expect((await get(atProtocol.replace(`/${requirement.id}/`, '/2000000000/'))).statusCode).toBe(404);
    expect((await get(atProtocol.replace(`/${requirement.id}/`, '/abc/'))).statusCode).toBe(400);
    expect((await get(`${atProtocol}?PageSize=0`)).statusCode).toBe(400);
  });
});

describe('form fields and options (spec 2 §7 "...collectionProtocolFormFields?PageSize=100000")', () => {
  it("lists the form's fields by ordinal with their options, caps PageSize at 1000, filters and pages", async () => {
    const k = await formsKit(t, inst, token);
    const form = await k.form('Lists form');
    const tb = await k.field(form.id, 'TB', { Prompt: 'Smoker since', Ordinal: 3 });
    const rl = await k.field(form.id, 'RL', { Prompt: 'Smokes', Ordinal: 1, Options: ['Yes', 'No', 'Sometimes'] });
    const sl = await k.field(form.id, 'SL', { Prompt: 'Packs a day', Ordinal: 2, Options: ['One', 'Two'] });
    const fields = `collectionProtocols/${k.protocol.id}/collectionProtocolForms/${form.id}/collectionProtocolFormFields`;
    const all = await get(`${fields}?PageSize=100000`);
    expect(all.statusCode, all.body).toBe(200);
    expect(json<Rec[]>(all).map((f) => f.id)).toEqual([rl.id, sl.id, tb.id]);
    expect(json<(Rec & { options: { value: string }[] })[]>(all)[0].options.map((o) => o.value)).toEqual([
      'Yes',
      'No',
      'Sometimes',
    ]);
    expect(pagination(all)).toMatchObject({ TotalCount: 3, PageSize: 1000, TotalPages: 1 });
    const page = await get(`${fields}?pageSize=2&pageNumber=2`);
    expect(json<Rec[]>(page).map((f) => f.id)).toEqual([tb.id]);
    expect(pagination(page)).toMatchObject({ TotalCount: 3, PageSize: 2 });
    expect(json<Rec[]>(await get(`${fields}?SearchTerm=PACKS`)).map((f) => f.id)).toEqual([sl.id]);
    expect((await post(`${fields}/${tb.id}/disable`, undefined)).statusCode).toBe(200);
    expect(json<Rec[]>(await get(fields)).map((f) => f.id)).toEqual([rl.id, sl.id]);
    expect(json<Rec[]>(await get(`${fields}?IsEnabled=false`)).map((f) => f.id)).toEqual([tb.id]);

    const options = `${fields}/${rl.id}/collectionProtocolFormFieldOptions`;
    const opts = await get(options);
    expect(opts.statusCode, opts.body).toBe(200);
    expect(
      json<(Rec & { value: string; collectionProtocolFormFieldId: number })[]>(opts).map((o) => [
        o.value,
        o.collectionProtocolFormFieldId,
      ]),
    ).toEqual([
      ['Yes', rl.id],
      ['No', rl.id],
      ['Sometimes', rl.id],
    ]);
    expect(pagination(opts)).toMatchObject({ TotalCount: 3 });
    const sometimes = rl.options[2];
    expect((await post(`${options}/${sometimes.id}/disable`, undefined)).statusCode).toBe(200);
    expect(json<Rec[]>(await get(options)).map((o) => o.value)).toEqual(['Yes', 'No']);
    expect(json<Rec[]>(await get(`${options}?IsEnabled=false`)).map((o) => o.value)).toEqual(['Sometimes']);
    expect(json<Rec[]>(await get(`${options}?searchterm=n`)).map((o) => o.value)).toEqual(['No']);

    // A field of another form, another institution's form, bad ids.
    const otherForm = await k.form('Another');
    expect(
      json(
        await get(
          `collectionProtocols/${k.protocol.id}/collectionProtocolForms/${otherForm.id}/collectionProtocolFormFields/${rl.id}/collectionProtocolFormFieldOptions`,
        ),
      ),
    ).toMatchObject({ status: 404, title: 'Field not found.' });
    const kb = await formsKit(t, B.institution.id, B.token);
    const bForm = await kb.form('B form');
    const bField = await kb.field(bForm.id, 'SL', { Options: ['x'] });
    expect(
      json(
        await get(
          `collectionProtocols/${k.protocol.id}/collectionProtocolForms/${bForm.id}/collectionProtocolFormFields`,
        ),
      ),
    ).toMatchObject({ status: 404, title: 'Questionnaire not found.' });
    expect(
      (
        await get(
          `collectionProtocols/${kb.protocol.id}/collectionProtocolForms/${bForm.id}/collectionProtocolFormFields/${bField.id}/collectionProtocolFormFieldOptions`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(`${fields}/abc/collectionProtocolFormFieldOptions`)).statusCode).toBe(400);
    expect(
      (await get(`collectionProtocols/${k.protocol.id}/collectionProtocolForms/0x1/collectionProtocolFormFields`))
        .statusCode,
    ).toBe(400);
  });
});

describe('submitted form values (spec 2 §7 "Submitted forms")', () => {
  it("takes the spec's create, then one answer per call: checked like the fill form, audited, never changed", async () => {
    const k = await formsKit(t, inst, token);
    const form = await k.form('Two-step');
    const code = await k.field(form.id, 'TB', {
      Prompt: 'Code',
      Required: true,
      RequiredMessage: 'Code is needed',
      HasValidation: true,
      RegularExpression: '[A-Z]{2}\\d{3}',
      RegularExpressionMessage: 'Two capitals then three digits',
    });
    const symptoms = await k.field(form.id, 'CBL', { Prompt: 'Symptoms', Options: ['Fever', 'Cough', 'Rash'] });
    const smokes = await k.field(form.id, 'RL', { Prompt: 'Smokes', Options: ['Yes', 'No'] });
    const note = await k.field(form.id, 'TB', {
      Prompt: 'Note',
      HasValidation: true,
      RegularExpression: '\\d{3}',
      RegularExpressionMessage: 'Three digits',
    });
    const { patient } = await k.enrolledPatient();
    // Spec 2 §3: FormFields are the form's fields (id, value, and whatever else the client holds).
    const created = await k.submit({
      InstitutionId: inst,
      CollectionProtocolFormId: form.id,
      PatientId: patient.id,
      FormFields: [
        { Id: code.id, Prompt: 'Code', Value: 'AB123', DataType: { abbreviation: 'TB' } },
        { ID: smokes.id, Value: null, Options: ['Yes', 'No'] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const submission = json<Rec>(created);
    const values = `submittedCollectionProtocolForms/${submission.id}/submittedCollectionProtocolFormValues`;
    const answer = (fieldId: number, value: unknown, extra: Record<string, unknown> = {}) =>
      post(values, { CollectionProtocolFormFieldID: fieldId, Value: value, ...extra });

    const again = await answer(code.id, 'AB123');
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toMatchObject({
      submittedCollectionProtocolFormId: submission.id,
      collectionProtocolFormFieldId: code.id,
      value: 'AB123',
    });
    const cbl = await answer(symptoms.id, '["Rash","Fever"]');
    expect(cbl.statusCode, cbl.body).toBe(201);
    expect(json(cbl)).toMatchObject({
      collectionProtocolFormFieldId: symptoms.id,
      collectionProtocolFormField: { prompt: 'Symptoms' },
      value: '["Fever","Rash"]',
    });
    expect(json(await answer(smokes.id, 'Maybe'))).toMatchObject({
      status: 400,
      code: 'forms.answers_invalid',
      title: 'Smokes: Choose one of the listed options',
      errors: { value: ['Choose one of the listed options'] },
    });
    expect(json(await answer(note.id, 'abc'))).toMatchObject({ status: 400, errors: { value: ['Three digits'] } });
    const empty = await answer(smokes.id, '');
    expect(empty.statusCode, empty.body).toBe(204);
    expect((await answer(smokes.id, 'No', { SubmittedCollectionProtocolFormID: submission.id })).statusCode).toBe(201);
    expect(json(await answer(smokes.id, 'Yes'))).toMatchObject({
      status: 409,
      code: 'forms.value_exists',
      errors: { collectionProtocolFormFieldId: ['Already answered in this submitted questionnaire'] },
    });
    expect(json(await answer(code.id, 'ZZ999'))).toMatchObject({ status: 409, code: 'forms.value_exists' });
    expect(json(await answer(note.id, '123', { SubmittedCollectionProtocolFormId: 2_000_000_000 }))).toMatchObject({
      status: 400,
      code: 'forms.value_submission',
    });

    // A field of another form, or added to this one after it was filled, is not on the submission's version.
    const elsewhere = await k.field((await k.form('Elsewhere')).id, 'TB');
    expect(json(await answer(elsewhere.id, 'x'))).toMatchObject({ status: 400, code: 'forms.field_not_on_form' });
    const later = await k.field(form.id, 'TB', { Prompt: 'Added later' });
    expect(json(await answer(later.id, 'x'))).toMatchObject({
      status: 400,
      code: 'forms.field_not_on_form',
      title: `Field ${later.id} is not on this questionnaire (version 1).`,
    });

    const detail = json<
      Rec & { submittedCollectionProtocolFormValues: { collectionProtocolFormFieldId: number; value: string }[] }
    >(await get(`submittedCollectionProtocolForms/${submission.id}`));
    expect(detail.submittedCollectionProtocolFormValues.map((v) => [v.collectionProtocolFormFieldId, v.value])).toEqual(
      [
        [code.id, 'AB123'],
        [symptoms.id, '["Fever","Rash"]'],
        [smokes.id, 'No'],
      ],
    );
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'submittedCollectionProtocolForm'),
          eq(auditEvents.entityId, String(submission.id)),
          eq(auditEvents.action, 'add_value'),
        ),
      );
    expect(audited.map((a) => (a.after as { prompt: string }).prompt)).toEqual(['Symptoms', 'Smokes']);

    // Another institution's submission, a bad id, a disabled submission, a role that only reads.
    const kb = await formsKit(t, B.institution.id, B.token);
    const bForm = await kb.form('B form');
    const bField = await kb.field(bForm.id, 'TB');
    const { patient: bPatient } = await kb.enrolledPatient();
    const bSub = json<Rec>(
      await kb.submit({ CollectionProtocolFormId: bForm.id, PatientId: bPatient.id, FormFields: [] }),
    );
    expect(
      json(
        await post(`submittedCollectionProtocolForms/${bSub.id}/submittedCollectionProtocolFormValues`, {
          CollectionProtocolFormFieldId: bField.id,
          Value: 'x',
        }),
      ),
    ).toMatchObject({ status: 404, title: 'Submitted questionnaire not found.' });
    expect(
      (
        await post('submittedCollectionProtocolForms/abc/submittedCollectionProtocolFormValues', {
          CollectionProtocolFormFieldId: code.id,
          Value: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(json(await post(values, { Value: 'x' })).errors).toMatchObject({
      collectionProtocolFormFieldId: ['*Required'],
    });
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] });
    expect(
      (await post(values, { CollectionProtocolFormFieldId: note.id, Value: '123' }, await login(t, researcher.email)))
        .statusCode,
    ).toBe(403);
    expect((await post(`submittedCollectionProtocolForms/${submission.id}/disable`, undefined)).statusCode).toBe(200);
    expect(json(await answer(note.id, '123'))).toMatchObject({ status: 409, code: 'forms.submission_disabled' });
  });

  it('fills a form without required fields answer by answer after an empty create; a required field needs its answer in the create', async () => {
    const k = await formsKit(t, inst, token);
    const form = await k.form('Answers follow');
    const age = await k.field(form.id, 'TB', { Prompt: 'Age' });
    const visit = await k.field(form.id, 'DP', { Prompt: 'Visit' });
    const tick = await k.field(form.id, 'CB', { Prompt: 'Fasting' });
    const { patient } = await k.enrolledPatient();
    const sub = json<Rec>(await k.submit({ CollectionProtocolFormId: form.id, PatientId: patient.id, FormFields: [] }));
    const values = `submittedCollectionProtocolForms/${sub.id}/submittedCollectionProtocolFormValues`;
    expect((await post(values, { CollectionProtocolFormFieldId: age.id, Value: '42' })).statusCode).toBe(201);
    expect(json(await post(values, { CollectionProtocolFormFieldId: visit.id, Value: '2019-02-29' })).errors).toEqual({
      value: ['Not a valid date: use YYYY-MM-DD'],
    });
    expect((await post(values, { CollectionProtocolFormFieldId: visit.id, Value: '2024-02-29' })).statusCode).toBe(201);
    // An unanswered checkbox was stored as not ticked by the create, as the one-call fill does.
    expect(json(await post(values, { CollectionProtocolFormFieldId: tick.id, Value: false }))).toMatchObject({
      value: 'false',
    });
    expect(json<{ value: string }[]>(await get(values)).map((v) => v.value)).toEqual(['false', '42', '2024-02-29']);

    const strict = await k.form('Required first');
    const needed = await k.field(strict.id, 'TB', {
      Prompt: 'Consent code',
      Required: true,
      RequiredMessage: 'Consent code is needed',
    });
    const refused = await k.submit({ CollectionProtocolFormId: strict.id, PatientId: patient.id, FormFields: [] });
    expect(json(refused)).toMatchObject({
      status: 400,
      code: 'forms.answers_invalid',
      errors: { [needed.id]: ['Consent code is needed'] },
    });
    expect(
      json(
        await k.submit({
          CollectionProtocolFormId: strict.id,
          PatientId: patient.id,
          FormFields: [{ Prompt: 'no id', Value: 'x' }],
        }),
      ).errors,
    ).toEqual({ 'formFields.0.collectionProtocolFormFieldId': ['*Required'] });
  });

  it("searches the answers of several submissions, paged, with each answer's submission id", async () => {
    const k = await formsKit(t, inst, token);
    const form = await k.form('Searched');
    const f1 = await k.field(form.id, 'TB', { Prompt: 'First' });
    const f2 = await k.field(form.id, 'TB', { Prompt: 'Second' });
    const { patient } = await k.enrolledPatient();
    const fill = async (a: string, b: string) =>
      json<Rec>(
        await k.submit({
          CollectionProtocolFormId: form.id,
          PatientId: patient.id,
          FormFields: [
            { CollectionProtocolFormFieldId: f1.id, Value: a },
            { CollectionProtocolFormFieldId: f2.id, Value: b },
          ],
        }),
      );
    const s1 = await fill('one', 'two');
    const s2 = await fill('three', 'four');
    const s3 = await fill('five', 'six');
    for (const url of [
      'submittedCollectionProtocolFormValues/search',
      'submittedCollectionProtocolForms/submittedCollectionProtocolFormValues/search',
    ]) {
      const res = await post(url, { SubmittedCollectionProtocolFormIds: [s3.id, s1.id], PageSize: 100000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        json<{ submittedCollectionProtocolFormId: number; value: string }[]>(res).map((v) => [
          v.submittedCollectionProtocolFormId,
          v.value,
        ]),
      ).toEqual([
        [s1.id, 'one'],
        [s1.id, 'two'],
        [s3.id, 'five'],
        [s3.id, 'six'],
      ]);
      expect(pagination(res)).toMatchObject({ TotalCount: 4, PageSize: 1000 });
    }
    const page = await post('submittedCollectionProtocolFormValues/search', {
      submittedCollectionProtocolFormIds: [s1.id, s2.id, s3.id],
      pageSize: 4,
      pageNumber: 2,
    });
    expect(json<Rec[]>(page).map((v) => v.value)).toEqual(['five', 'six']);
    expect(pagination(page)).toMatchObject({ TotalCount: 6, TotalPages: 2, CurrentPage: 2 });
    expect(
      json(await post('submittedCollectionProtocolFormValues/search', { SubmittedCollectionProtocolFormIds: [] })),
    ).toEqual([]);

    const kb = await formsKit(t, B.institution.id, B.token);
    const bForm = await kb.form('B form');
    const { patient: bPatient } = await kb.enrolledPatient();
    const bSub = json<Rec>(
      await kb.submit({ CollectionProtocolFormId: bForm.id, PatientId: bPatient.id, FormFields: [] }),
    );
    expect(
      json(
        await post('submittedCollectionProtocolFormValues/search', {
          SubmittedCollectionProtocolFormIds: [s1.id, bSub.id],
        }),
      ),
    ).toMatchObject({ status: 404, title: `Submitted questionnaire ${bSub.id} not found.` });
    expect(
      json(await post('submittedCollectionProtocolFormValues/search', { SubmittedCollectionProtocolFormIds: ['x'] }))
        .status,
    ).toBe(400);
    expect(json(await post('submittedCollectionProtocolFormValues/search', {})).errors).toHaveProperty(
      'submittedCollectionProtocolFormIds',
    );
    expect(
      (
        await post('submittedCollectionProtocolFormValues/search', {
          SubmittedCollectionProtocolFormIds: Array.from({ length: 1001 }, (_, i) => i + 1),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call('POST', `/api/institutions/${B.institution.id}/submittedCollectionProtocolFormValues/search`, {
          token,
          body: { SubmittedCollectionProtocolFormIds: [bSub.id] },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the institution's storage lists (spec 1 §7 unpaged lists)", () => {
  it('lists every box, drawer, position and occupancy of the institution alone, read whole up to the cap', async () => {
    const refs = await storageRefs(t, inst, token);
    const one = await storageChain(t, inst, token, refs);
    const two = await storageChain(t, inst, token, refs, {
      Rows: 1,
      Columns: 3,
      PositionLabelingOptionId: refs.linear,
      RowLabelingSchemaId: refs.numbers,
    });
    const bRefs = await storageRefs(t, B.institution.id, B.token);
    const bChain = await storageChain(t, B.institution.id, B.token, bRefs);
    const samples = await sampleSetUp(t, A.institution, token);
    const sample = await samples.sample();
    const positions = json<Rec[]>(
      await t.call('GET', `${nodePath(inst, one.ids)}/StorageContainerBoxPositions`, { token }),
    );
    const stored = await t.call(
      'POST',
      `${nodePath(inst, one.ids)}/StorageContainerBoxPositions/${positions[1].id}/StorageContainerBoxPositionOccupancies`,
      { token, body: { CollectedSampleID: sample.id } },
    );
    expect(stored.statusCode, stored.body).toBe(201);

    const boxes = await get('storageContainerBoxs');
    expect(boxes.statusCode, boxes.body).toBe(200);
    expect(json<Rec[]>(boxes).map((b) => [b.id, b.level])).toEqual([
      [one.box.id, 'box'],
      [two.box.id, 'box'],
    ]);
    expect(pagination(boxes)).toMatchObject({ TotalCount: 2, PageSize: 1000 });
    expect(json<Rec[]>(await get('storageContainerDrawers?IsEnabled=true&SearchTerm=drawer')).map((d) => d.id)).toEqual(
      [one.ids[3], two.ids[3]],
    );
    const containers = await get('storageContainers');
    expect(pagination(containers)).toMatchObject({ TotalCount: 2, PageSize: 1000 });

    const all = await get('storageContainerBoxPositions?IsEnabled=true');
    const cells =
      json<(Rec & { boxId: number; code: string; occupied: boolean; occupant: { sampleId: string } | null })[]>(all);
    expect(cells.map((p) => [p.boxId, p.code])).toEqual([
      [one.box.id, 'A1'],
      [one.box.id, 'A2'],
      [one.box.id, 'B1'],
      [one.box.id, 'B2'],
      [two.box.id, '1'],
      [two.box.id, '2'],
      [two.box.id, '3'],
    ]);
    expect(cells.filter((p) => p.occupied).map((p) => [p.id, p.occupant?.sampleId])).toEqual([
      [positions[1].id, sample.sampleId],
    ]);
    expect(pagination(all)).toMatchObject({ TotalCount: 7, PageSize: 1000 });
    const paged = await get('storageContainerBoxPositions?PageSize=3&PageNumber=3');
    expect(json<Rec[]>(paged).map((p) => p.code)).toEqual(['3']);
    expect(pagination(paged)).toMatchObject({ TotalCount: 7, TotalPages: 3 });
    expect(json(await get('storageContainerBoxPositions?IsEnabled=false'))).toEqual([]);

    const occupancies = json<
      (Rec & {
        isCurrent: boolean;
        collectedSample: { sampleId: string };
        concurrencyStamp: string;
        location: { label: string };
      })[]
    >(await get('storageContainerBoxPositionOccupancies'));
    expect(occupancies.map((o) => [o.collectedSample.sampleId, o.isCurrent])).toEqual([[sample.sampleId, true]]);
    expect(occupancies[0].location.label).toMatch(/ > A2$/);
    const vacate = await t.call(
      'PUT',
      `${nodePath(inst, one.ids)}/StorageContainerBoxPositions/${positions[1].id}/StorageContainerBoxPositionOccupancies/${occupancies[0].id}/vacate`,
      { token, body: { ConcurrencyStamp: occupancies[0].concurrencyStamp, VacateReason: 'Moved' } },
    );
    expect(vacate.statusCode, vacate.body).toBe(200);
    expect(json(await get('storageContainerBoxPositionOccupancies?IsEnabled=true'))).toEqual([]);
    expect(json<Rec[]>(await get('storageContainerBoxPositionOccupancies?IsEnabled=false')).map((o) => o.id)).toEqual([
      occupancies[0].id,
    ]);

    // B's lists hold B's box alone; A cannot read B's; every role reads; bad input is 400.
    expect(
      json<Rec[]>(
        await t.call('GET', `/api/institutions/${B.institution.id}/storageContainerBoxs`, { token: B.token }),
      ).map((b) => b.id),
    ).toEqual([bChain.box.id]);
    for (const list of [
      'storageContainerBoxs',
      'storageContainerDrawers',
      'storageContainerBoxPositions',
      'storageContainerBoxPositionOccupancies',
    ]) {
      expect((await t.call('GET', `/api/institutions/${B.institution.id}/${list}`, { token })).statusCode, list).toBe(
        404,
      );
      expect((await get(`${list}?PageSize=0`)).statusCode, list).toBe(400);
    }
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] });
    expect(json<Rec[]>(await get('storageContainerBoxPositions', await login(t, researcher.email))).length).toBe(7);
    expect((await t.call('GET', `/api/institutions/${inst}/storageContainerBoxs`)).statusCode).toBe(401);
  });
});
