import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { auditEvents } from '../../platform/audit.table';
import { compilePattern, MAX_PATTERN_PROGRAM, patternProblem } from '../../../contract/forms.contract';
import { createProtocol } from '../../test/protocols-fixtures';
import { type Field, formsKit } from '../../test/forms-kit';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const k = await formsKit(t, institution.id, token);
type Rec = Record<string, unknown> & { id: number };

describe('questionnaires of a protocol', () => {
  it('creates (name required), lists paged with search, reads, edits with the stamp and audits', async () => {
    const none = await k.call('POST', k.base(), { Description: 'x' });
    expect(none.statusCode).toBe(400);
    expect(json(none).errors).toEqual({ name: ['*required'] });
    const a = await k.form('Baseline Visit');
    await k.form('Follow-up Visit');
    expect(a).toMatchObject({
      name: 'Baseline Visit',
      description: 'Asked at the first visit',
      currentVersion: 1,
      currentVersionLocked: false,
      collectionProtocol: { id: k.protocol.id },
    });
    const list = await k.call('GET', `${k.base()}?PageSize=1`);
    expect(pagination(list)).toMatchObject({ TotalCount: 2, PageSize: 1 });
    expect(json<Rec[]>(await k.call('GET', `${k.base()}?SearchTerm=baseline`)).map((f) => f.id)).toEqual([a.id]);
    const across = await k.call(
      'GET',
      `/api/institutions/${institution.id}/collectionProtocolForms?SearchTerm=visit&PageSize=5`,
    );
    expect(pagination(across).TotalCount).toBe(2);
    const read = json<Rec & { fields: unknown[] }>(await k.call('GET', `${k.base()}/${a.id}`));
    expect(read).toMatchObject({ name: 'Baseline Visit', version: 1, fields: [] });
    const put = (stamp: string) =>
      k.call('PUT', `${k.base()}/${a.id}`, { Name: 'Baseline', Description: '', ConcurrencyStamp: stamp });
    expect(json(await put(a.concurrencyStamp))).toMatchObject({ name: 'Baseline', description: null });
    expect((await put(a.concurrencyStamp)).statusCode).toBe(409);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectionProtocolForm'), eq(auditEvents.entityId, String(a.id))));
    expect(audits.map((x) => x.action)).toEqual(['create', 'update']);
  });
});

describe('fields (spec 2 §5 field editors)', () => {
  it('applies the editor rules and the spec defaults', async () => {
    const f = await k.form();
    const post = (body: Record<string, unknown>) => k.call('POST', k.fieldsUrl(f.id), body);
    const empty = json(await post({ DataTypeId: k.type('TB'), Ordinal: 'abc' }));
    expect(empty.errors).toMatchObject({
      prompt: ['*required'],
      responseTitle: ['*required'],
      ordinal: ['Ordinal must be a number'],
    });
    const rules = json(
      await post({ DataTypeId: k.type('TB'), Prompt: 'P', ResponseTitle: 'R', Required: true, HasValidation: true }),
    );
    expect(rules.errors).toEqual({
      requiredMessage: ['*required'],
      regularExpression: ['*required'],
      regularExpressionMessage: ['*required'],
    });
    const bad = json(
      await post({
        DataTypeId: k.type('TB'),
        Prompt: 'P',
        ResponseTitle: 'R',
        HasValidation: true,
        RegularExpression: '([a-z',
        RegularExpressionMessage: 'm',
      }),
    );
    expect(bad.errors).toEqual({ regularExpression: ['This regular expression is not valid'] });
    const slow = json(
      await post({
        DataTypeId: k.type('TB'),
        Prompt: 'P',
        ResponseTitle: 'R',
        HasValidation: true,
        RegularExpression: '(a+)+$',
        RegularExpressionMessage: 'm',
      }),
    );
    expect((slow.errors as Record<string, string[]>).regularExpression[0]).toMatch(/could take very long/);
    const long = json(
      await post({
        DataTypeId: k.type('TB'),
        Prompt: 'P',
        ResponseTitle: 'R',
        HasValidation: true,
        RegularExpression: 'a'.repeat(501),
        RegularExpressionMessage: 'm',
      }),
    );
    expect(long.errors).toEqual({ regularExpression: ['Use at most 500 characters'] });

    const tb = await k.field(f.id, 'TB');
    expect(tb).toMatchObject({
      placeholder: 'none',
      ordinal: 1,
      orientation: null,
      dataType: { abbreviation: 'TB', title: 'Single Line Text' },
      options: [],
    });
    const rl = await k.field(f.id, 'RL', { Options: [{ Value: 'Yes' }, { Value: 'No' }] });
    expect(rl).toMatchObject({
      ordinal: 2,
      placeholder: null,
      orientation: 'vertical',
      verticalView: true,
      horizontalView: false,
    });
    expect(rl.options.map((o) => [o.value, o.ordinal])).toEqual([
      ['Yes', 0],
      ['No', 1],
    ]);
    const cbl = await k.field(f.id, 'CBL', { HorizontalView: true, Ordinal: '7' });
    expect(cbl).toMatchObject({ ordinal: 7, orientation: 'horizontal' });
    expect((await k.field(f.id, 'SL', { Orientation: 'horizontal' })).orientation).toBeNull();
    expect(
      json(await post({ DataTypeId: k.type('TA'), Prompt: 'P', ResponseTitle: 'R', Options: [{ Value: 'x' }] })).code,
    ).toBe('forms.options_not_list');
    expect(
      json(
        await post({
          DataTypeId: k.type('SL'),
          Prompt: 'P',
          ResponseTitle: 'R',
          Options: [{ Value: 'x' }, { Value: 'x' }],
        }),
      ).errors,
    ).toEqual({ 'options.1.value': ['This option is listed twice'] });
    const other = await signedIn(t, ['Coordinator']);
    const foreignType = json<Rec[]>(
      await t.call('GET', `/api/institutions/${other.institution.id}/dataTypes`, { token: other.token }),
    )[0].id;
    expect(json(await post({ DataTypeId: foreignType, Prompt: 'P', ResponseTitle: 'R' })).errors).toEqual({
      dataTypeId: ['Choose an enabled form data type'],
    });
  });

  it('takes a field as the spec writes it, Options a list of strings (spec 2 §3), and reads the options back', async () => {
    const f = await k.form();
    const res = await k.call('POST', k.fieldsUrl(f.id), {
      collectionProtocolFormID: f.id,
      name: 'colour',
      prompt: 'Favourite colour',
      placeholder: '',
      responseTitle: 'Colour',
      ordinal: 1,
      onNewLine: false,
      required: true,
      requiredMessage: 'Choose a colour',
      hasValidation: false,
      regularExpression: '',
      regularExpressionMessage: '',
      verticalView: false,
      horizontalView: true,
      value: '',
      dataType: 'RL',
      dataTypeId: k.type('RL'),
      Options: ['Red', 'Green', 'Blue'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Field>(res)).toMatchObject({
      name: 'colour',
      prompt: 'Favourite colour',
      responseTitle: 'Colour',
      ordinal: 1,
      required: true,
      orientation: 'horizontal',
    });
    const read = json<{ fields: Field[] }>(await k.call('GET', `${k.base()}/${f.id}`)).fields[0];
    expect(read.options.map((o) => [o.value, o.ordinal, o.selected])).toEqual([
      ['Red', 0, false],
      ['Green', 1, false],
      ['Blue', 2, false],
    ]);
    // Strings and objects mix; the rules are the object form's.
    const mixed = await k.field(f.id, 'SL', { Options: ['Yes', { Value: 'No', Ordinal: 5 }] });
    expect(mixed.options.map((o) => [o.value, o.ordinal])).toEqual([
      ['Yes', 0],
      ['No', 5],
    ]);
    const post = (Options: unknown) =>
      k.call('POST', k.fieldsUrl(f.id), { DataTypeId: k.type('SL'), Prompt: 'P', ResponseTitle: 'R', Options });
    expect(json(await post(['x', 'x'])).errors).toEqual({ 'options.1.value': ['This option is listed twice'] });
    expect(json(await post(['x', ''])).errors).toEqual({ 'options.1.value': ['*required'] });
  });

  it('saves a field with its options in one transaction and edits both in one call', async () => {
    const f = await k.form();
    const sl = await k.field(f.id, 'SL', { Options: [{ Value: 'Red' }, { Value: 'Green' }, { Value: 'Blue' }] });
    const url = `${k.fieldsUrl(f.id)}/${sl.id}`;
    const [red, green] = sl.options;
    const body = (over: Record<string, unknown>) => ({
      DataTypeId: k.type('SL'),
      Prompt: 'Colour',
      ResponseTitle: 'colour',
      ConcurrencyStamp: sl.concurrencyStamp,
      ...over,
    });
    // An unknown option id refuses the whole save: the prompt is unchanged too.
    const refused = await k.call('PUT', url, body({ Options: [{ Id: 999999, Value: 'Ghost' }] }));
    expect(refused.statusCode).toBe(400);
    expect(json<{ fields: Field[] }>(await k.call('GET', `${k.base()}/${f.id}`)).fields[0]).toMatchObject({
      prompt: 'SL prompt',
      options: [{ value: 'Red' }, { value: 'Green' }, { value: 'Blue' }],
    });
    const res = await k.call(
      'PUT',
      url,
      body({ Options: [{ Id: green.id, Value: 'Lime' }, { Id: red.id, Value: 'Red' }, { Value: 'Black' }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Field>(res)).toMatchObject({ prompt: 'Colour' });
    expect(json<Field>(res).options.map((o) => [o.value, o.ordinal])).toEqual([
      ['Lime', 0],
      ['Red', 1],
      ['Black', 2],
    ]);
    expect((await k.call('PUT', url, body({}))).statusCode).toBe(409);
    expect(
      json(
        await k.call(
          'PUT',
          url,
          body({ DataTypeId: k.type('RL'), ConcurrencyStamp: json<Field>(res).concurrencyStamp }),
        ),
      ).code,
    ).toBe('forms.data_type_change');
  });

  it('adds options separately (ordinal = count), refuses a taken value, edits with the stamp and disables', async () => {
    const f = await k.form();
    const rl = await k.field(f.id, 'RL', { Options: [{ Value: 'Yes' }, { Value: 'No' }] });
    const url = `${k.fieldsUrl(f.id)}/${rl.id}/collectionProtocolFormFieldOptions`;
    const added = await k.call('POST', url, { Value: 'Unknown' });
    expect(json(added)).toMatchObject({ value: 'Unknown', ordinal: 2, collectionProtocolFormFieldId: rl.id });
    expect(json(await k.call('POST', url, { Value: 'Yes' }))).toMatchObject({
      status: 409,
      code: 'forms.option_taken',
    });
    const opt = json<Rec & { concurrencyStamp: string }>(added);
    expect(
      json(await k.call('PUT', `${url}/${opt.id}`, { Value: 'Not sure', ConcurrencyStamp: opt.concurrencyStamp })),
    ).toMatchObject({ value: 'Not sure', ordinal: 2 });
    expect(
      (await k.call('PUT', `${url}/${opt.id}`, { Value: 'Again', ConcurrencyStamp: opt.concurrencyStamp })).statusCode,
    ).toBe(409);
    expect(json(await k.call('POST', `${url}/${opt.id}/disable`))).toMatchObject({ isEnabled: false });
    const tb = await k.field(f.id, 'TB');
    expect(
      json(await k.call('POST', `${k.fieldsUrl(f.id)}/${tb.id}/collectionProtocolFormFieldOptions`, { Value: 'x' }))
        .code,
    ).toBe('forms.options_not_list');
    const fields = json<{ fields: Field[] }>(await k.call('GET', `${k.base()}/${f.id}`)).fields;
    expect(fields[0].options.map((o) => o.value)).toEqual(['Yes', 'No']);
  });

  it('reorders in one command and disables a field', async () => {
    const f = await k.form();
    const [a, b, c] = [await k.field(f.id, 'TB'), await k.field(f.id, 'DP'), await k.field(f.id, 'CB')];
    const order = (ids: number[]) => k.call('PUT', `${k.fieldsUrl(f.id)}/order`, { FieldIds: ids });
    expect(json(await order([c.id, a.id]))).toMatchObject({ code: 'forms.order_mismatch' });
    expect(json(await order([c.id, a.id, a.id]))).toMatchObject({ code: 'forms.order_mismatch' });
    const res = await order([c.id, a.id, b.id]);
    expect(json<Field[]>(res).map((x) => [x.id, x.ordinal])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect(json(await k.call('POST', `${k.fieldsUrl(f.id)}/${a.id}/disable`))).toMatchObject({ isEnabled: false });
    expect(json<{ fields: Field[] }>(await k.call('GET', `${k.base()}/${f.id}`)).fields.map((x) => x.id)).toEqual([
      c.id,
      b.id,
    ]);
    expect((await k.field(f.id, 'TA')).ordinal).toBe(3);
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.entity, 'collectionProtocolFormField'));
    expect(audits.some((x) => x.action === 'disable' && x.entityId === String(a.id))).toBe(true);
  });
});

describe('tenancy and permissions', () => {
  it("answers 404 for another institution's or protocol's form, field and option ids", async () => {
    const f = await k.form();
    const fl = await k.field(f.id, 'RL', { Options: [{ Value: 'Yes' }] });
    const other = await signedIn(t, ['Coordinator']);
    const ok = await formsKit(t, other.institution.id, other.token);
    const theirs = await ok.form();
    const ownBase = k.base();
    expect((await k.call('GET', `${ownBase}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (
        await k.call('POST', `${ownBase}/${theirs.id}/collectionProtocolFormFields`, {
          DataTypeId: k.type('TB'),
          Prompt: 'P',
          ResponseTitle: 'R',
        })
      ).statusCode,
    ).toBe(404);
    // Their own institution in the path, our ids: not found there.
    const mine = (p: string) => `${ok.base()}/${p}`;
    expect((await ok.call('GET', mine(String(f.id)))).statusCode).toBe(404);
    expect(
      (
        await ok.call('PUT', mine(`${theirs.id}/collectionProtocolFormFields/${fl.id}`), {
          DataTypeId: ok.type('RL'),
          Prompt: 'x',
          ResponseTitle: 'x',
          ConcurrencyStamp: fl.concurrencyStamp,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ok.call(
          'POST',
          mine(
            `${theirs.id}/collectionProtocolFormFields/${fl.id}/collectionProtocolFormFieldOptions/${fl.options[0].id}/disable`,
          ),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      json<Rec[]>(
        await ok.call('GET', `/api/institutions/${other.institution.id}/collectionProtocolForms?PageSize=100`),
      ).map((x) => x.id),
    ).toEqual([theirs.id]);
    // Our institution in the path while signed in elsewhere: 404.
    expect((await ok.call('GET', `${ownBase}/${f.id}`)).statusCode).toBe(404);
    // Another protocol of ours with this form id: 404.
    const p2 = await createProtocol(t, institution.id, token);
    expect((await k.call('GET', `${k.base(p2.id)}/${f.id}`)).statusCode).toBe(404);
    expect(
      (await k.call('POST', `${k.base(p2.id)}/${f.id}/collectionProtocolFormFields/${fl.id}/disable`)).statusCode,
    ).toBe(404);
  });

  it('reads with protocols.read, designs only with protocols.manage', async () => {
    const f = await k.form();
    const researcher = await signedIn(t, ['Researcher'], institution);
    expect((await k.call('GET', `${k.base()}/${f.id}`, undefined, researcher.token)).statusCode).toBe(200);
    expect((await k.call('POST', k.base(), { Name: 'x' }, researcher.token)).statusCode).toBe(403);
    expect(
      (
        await k.call(
          'POST',
          k.fieldsUrl(f.id),
          { DataTypeId: k.type('TB'), Prompt: 'P', ResponseTitle: 'R' },
          researcher.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.call('GET', `${k.base()}/${f.id}`)).statusCode).toBe(401);
  });
});

describe('pattern safety (contract)', () => {
  it('refuses nested repeats and accepts ordinary patterns', () => {
    for (const p of ['(a+)+', '(\\w*)*x', '((ab)*c)+', '(a{2,})*', '(?:x+y?)+'])
      expect(patternProblem(p), p).toMatch(/could take very long/);
    for (const p of ['\\d{3}-\\d{4}', '[A-Z]{2}\\d+', '(ab)+', '(a|b)*c', '[(+*)]+', 'a{2}', '(\\d{1})+'])
      expect(patternProblem(p), p).toBeNull();
  });

  it('takes RE2 syntax only, and no pattern whose program is too large (issue 26)', () => {
    // The issue's (a|a)*b is fine for a linear-time engine; so are RE2's own forms.
    for (const p of ['(a|a)*b', '(?i)[a-z]+', '\\p{Lu}\\p{Ll}+', '(?P<year>\\d{4})', '[[:alpha:]]+', '\\x{e9}t\\x{e9}'])
      expect(patternProblem(p), p).toBeNull();
    for (const p of ['(?=a)a', '(?!x)y', '(a)\\1', '(?<=a)b', 'x{1001}'])
      expect(patternProblem(p), p).toMatch(/^The answer check does not support this regular expression/);
    expect(patternProblem('[ab]*a[ab]{700}')).toMatch(/too large to check quickly/);
    expect(patternProblem('(?P<open')).toBe('This regular expression is not valid');
    expect(compilePattern(`[ab]*a[ab]{${MAX_PATTERN_PROGRAM - 20}}`)!.programSize()).toBeLessThanOrEqual(
      MAX_PATTERN_PROGRAM,
    );
  });
});
