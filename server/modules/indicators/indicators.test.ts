import { describe, expect, it } from 'vitest';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { createProtocol } from '../../test/protocols-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { submittedForms } from '../forms/forms.table';
import { formsKit } from '../../test/forms-kit';
import { VIA_VALUES } from './defaults';

// Screening indicator reports (docs/indicators.md) against a small data set counted by hand.
const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const inst = institution.id;
const k = await formsKit(t, inst, token);
const base = `/api/institutions/${inst}/indicators`;
const DAY = 86_400_000;
const today = t.clock.now.toISOString().slice(0, 10);
const dayOffset = (days: number) =>
  new Date(new Date(`${today}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10);

type Kit = typeof k;
type Row = { sNo: number; definitionId: number; indicator: string; frequency: number; remark: string | null };
type Report = { title: string; from: string; to: string; rows: Row[]; footer: string[] };
type Definition = {
  id: number;
  ordinal: number;
  title: string;
  fieldPrompt: string | null;
  matchingValues: string[];
  countMode: string;
  ruleSource: string;
  note: string | null;
  concurrencyStamp: string;
  remark: string | null;
  protocolAbbreviation: string;
};

/** A form of the protocol with the given fields (prompt -> type and options), made through the API. */
async function formWith(kit: Kit, protocolId: number, fields: [prompt: string, type: string, options?: string[]][]) {
  const form = await kit.form('Screening', protocolId);
  const ids: Record<string, number> = {};
  for (const [prompt, type, options] of fields) {
    const res = await kit.call('POST', kit.fieldsUrl(form.id, protocolId), {
      DataTypeId: kit.type(type),
      Prompt: prompt,
      ResponseTitle: prompt,
      ...(options ? { Options: options.map((Value) => ({ Value })) } : {}),
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids[prompt] = res.json().id;
  }
  return { form, ids };
}

/** Fills the form for a patient, then dates the submission (the filling day is what the report counts by). */
async function fill(
  kit: Kit,
  f: Awaited<ReturnType<typeof formWith>>,
  patientId: number,
  answers: Record<string, unknown>,
  at: string,
) {
  const res = await kit.submit({
    CollectionProtocolFormId: f.form.id,
    PatientId: patientId,
    FormFields: Object.entries(answers).map(([p, Value]) => ({ CollectionProtocolFormFieldId: f.ids[p], Value })),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().id as number;
  await t.db
    .update(submittedForms)
    .set({ createdDate: new Date(at) })
    .where(eq(submittedForms.id, id));
  return id;
}

const CERVICAL_FIELDS: [string, string, string[]?][] = [
  ['VIA Screening Result', 'RL', Object.values(VIA_VALUES)],
  ['HPV DNA Screening Result', 'RL', ['Positive', 'Negative']],
  ['Referral/Linkage', 'RL', ['Yes', 'No']],
  ['Suspicious for cancer', 'CB'],
];

async function cervicalData(kit: Kit) {
  const ccs = await createProtocol(t, inst, token, { Title: 'Cervical Cancer Screening', Abbreviation: 'CCS' });
  const f = await formWith(kit, ccs.id, CERVICAL_FIELDS);
  const [a, b, c, d] = await Promise.all(
    [1, 2, 3, 4].map(async () => (await kit.enrolledPatient({}, ccs.id)).patient.id),
  );
  const at = (days: number, time = '10:00:00.000') => `${dayOffset(days)}T${time}Z`;
  await fill(
    kit,
    f,
    a,
    {
      'VIA Screening Result': VIA_VALUES.cryoEligible,
      'HPV DNA Screening Result': 'Positive',
      'Referral/Linkage': 'Yes',
      'Suspicious for cancer': true,
    },
    at(-6, '00:00:00.000'),
  );
  await fill(kit, f, a, { 'VIA Screening Result': 'Negative', 'HPV DNA Screening Result': 'Negative' }, at(0));
  await fill(
    kit,
    f,
    b,
    { 'VIA Screening Result': VIA_VALUES.thermoNotEligible, 'Referral/Linkage': 'No', 'Suspicious for cancer': false },
    at(-2),
  );
  await fill(kit, f, c, { 'HPV DNA Screening Result': 'Negative' }, at(0, '23:59:59.999'));
  // Disabled: never counted.
  const disabled = await fill(kit, f, d, { 'VIA Screening Result': VIA_VALUES.thermoEligible }, at(-1));
  expect(
    (await kit.call('POST', `/api/institutions/${inst}/submittedCollectionProtocolForms/${disabled}/disable`))
      .statusCode,
  ).toBe(200);
  // The last second before the default range starts: outside it.
  await fill(kit, f, b, { 'VIA Screening Result': 'Negative' }, at(-7, '23:59:59.999'));
  // The same prompt on a BCS form: not the cervical report's protocol.
  const bcs = await formWith(kit, kit.protocol.id, [['VIA Screening Result', 'TB']]);
  await fill(kit, bcs, (await kit.enrolledPatient()).patient.id, { 'VIA Screening Result': 'Negative' }, at(0));
}

await cervicalData(k);
const frequencies = (r: Report) => r.rows.map((x) => x.frequency);

describe('cervical cancer report', () => {
  it('counts the 14 indicators of spec 2 §9 over the last 7 days by default, as counted by hand', async () => {
    const res = await k.call('GET', `${base}/cervical`);
    expect(res.statusCode, res.body).toBe(200);
    const r = json<Report>(res);
    expect(r).toMatchObject({ title: 'Cervical cancer report Per Date Range', from: dayOffset(-6), to: today });
    expect(r.rows.map((x) => [x.sNo, x.indicator])).toEqual([
      [1, 'Women screened for cervical cancer'],
      [2, 'Women screened with VIA'],
      [3, 'VIA negative'],
      [4, 'VIA positive'],
      [5, 'VIA positive, eligible for cryotherapy'],
      [6, 'VIA positive, non-eligible for cryotherapy'],
      [7, 'VIA positive, eligible for thermocoagulation'],
      [8, 'VIA positive, non-eligible for thermocoagulation'],
      [9, 'Women tested for HPV DNA'],
      [10, 'HPV DNA positive'],
      [11, 'HPV DNA negative'],
      [12, 'Suspicious for cancer'],
      [13, 'Referred or linked to care'],
      [14, 'Cervical screening visits'],
    ]);
    // Women a, b, c in range (d's only form is disabled; b's other form is a second too early).
    expect(frequencies(r)).toEqual([3, 2, 1, 2, 1, 0, 0, 1, 2, 1, 2, 1, 1, 4]);
    expect(r.footer[0]).toContain(`${dayOffset(-6)} to ${today}`);
    expect(r.footer[1]).toBe('Protocol: CCS');
    expect(r.footer[2]).toMatch(/^Generated at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC by /);
  });

  it('takes both ends of the range as whole UTC days', async () => {
    const earlier = json<Report>(await k.call('GET', `${base}/cervical?From=${dayOffset(-7)}&To=${dayOffset(-7)}`));
    expect(frequencies(earlier)).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const first = json<Report>(await k.call('GET', `${base}/cervical?from=${dayOffset(-6)}&to=${dayOffset(-6)}`));
    expect(frequencies(first)).toEqual([1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1]);
    const last = json<Report>(await k.call('GET', `${base}/cervical?From=${today}&To=${today}`));
    expect(frequencies(last)).toEqual([2, 1, 1, 0, 0, 0, 0, 0, 2, 0, 2, 0, 0, 2]);
    const all = json<Report>(await k.call('GET', `${base}/cervical?From=${dayOffset(-30)}&To=${dayOffset(30)}`));
    expect(all.rows[0].frequency).toBe(3);
    expect(all.rows[13].frequency).toBe(5);
    expect(frequencies(json<Report>(await k.call('GET', `${base}/cervical?To=2000-01-07`)))).toEqual(Array(14).fill(0));
  });

  it('refuses impossible dates, a reversed range, an unknown report and a decade-long range', async () => {
    const bad = await k.call('GET', `${base}/cervical?From=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().title).toBe('string');
    const reversed = await k.call('GET', `${base}/cervical?From=2026-02-02&To=2026-02-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ to: ['To cannot be before From'] });
    const unknown = await k.call('GET', `${base}/lung`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.report).toEqual(['Unknown report: use breast or cervical']);
    const long = await k.call('GET', `${base}/cervical.csv?From=0001-01-01&To=9999-12-31`);
    expect(long.statusCode).toBe(400);
    expect(long.json().title).toBe('Choose a date range of at most 3660 days.');
    // The ends of the calendar: no 500 from a day before year 1 or after 9999.
    for (const q of ['To=0001-01-03', 'From=9999-12-31&To=9999-12-31', 'From=9999-12-30']) {
      const edge = await k.call('GET', `${base}/cervical?${q}`);
      expect(edge.statusCode, `${q}: ${edge.body}`).toBe(200);
      expect(frequencies(edge.json())).toEqual(Array(14).fill(0));
    }
    expect(json<Report>(await k.call('GET', `${base}/cervical?To=0001-01-03`)).from).toBe('0001-01-01');
  });
});

describe('indicator definitions', () => {
  it('are seeded once per institution: 14 cervical and 25 breast, each breast rule beyond the first marked as suggested', async () => {
    const cervical = json<Definition[]>(await k.call('GET', `${base}/cervical/definitions`));
    expect(cervical).toHaveLength(14);
    expect(cervical.every((d) => d.ruleSource === 'spec' && d.protocolAbbreviation === 'CCS')).toBe(true);
    const breast = json<Definition[]>(await k.call('GET', `${base}/breast/definitions`));
    expect(breast).toHaveLength(25);
    expect(breast[0]).toMatchObject({
      title: 'Women screened for breast cancer',
      fieldPrompt: null,
      countMode: 'patients',
      ruleSource: 'spec',
      note: null,
    });
    expect(breast.slice(1).every((d) => d.ruleSource === 'suggested' && /spec gives no rule/.test(d.note ?? ''))).toBe(
      true,
    );
    // Reading again (or racing) seeds nothing more.
    await Promise.all([1, 2, 3].map(() => k.call('GET', `${base}/breast`)));
    expect(json<Definition[]>(await k.call('GET', `${base}/breast/definitions`))).toHaveLength(25);
  });

  it('no breast indicator is a fixed zero: a form answering the suggested prompts counts in every row', async () => {
    const defs = json<Definition[]>(await k.call('GET', `${base}/breast/definitions`));
    const prompts = [...new Set(defs.flatMap((d) => (d.fieldPrompt ? [d.fieldPrompt] : [])))];
    const f = await formWith(k, k.protocol.id, [
      ...prompts.filter((p) => p !== 'Referred To').map((p): [string, string] => [p, 'TB']),
      ['Referred To', 'CBL', ['Surgery', 'Oncology', 'Radiology']],
    ]);
    const answerFor = (d: Definition) => d.matchingValues[0] ?? 'recorded';
    // One woman per indicator: each answers the first matching value of one rule (lower case: matching ignores case).
    for (const d of defs.filter((x) => x.fieldPrompt)) {
      const { patient } = await k.enrolledPatient();
      await fill(
        k,
        f,
        patient.id,
        { [d.fieldPrompt!]: d.fieldPrompt === 'Referred To' ? ['Radiology', 'Oncology'] : answerFor(d).toLowerCase() },
        `${today}T08:00:00Z`,
      );
    }
    const r = json<Report>(await k.call('GET', `${base}/breast`));
    expect(r.rows).toHaveLength(25);
    expect(r.rows.filter((x) => x.frequency === 0).map((x) => x.indicator)).toEqual([]);
    expect(r.footer[1]).toBe('Protocol: BCS');
  });

  it('a coordinator edits a rule (audited, stamped) and the report counts by it at once', async () => {
    const defs = json<Definition[]>(await k.call('GET', `${base}/cervical/definitions`));
    const referred = defs[12];
    const url = `${base}/cervical/definitions/${referred.id}`;
    expect(json<Definition>(await k.call('GET', url)).title).toBe('Referred or linked to care');
    const body = {
      Title: 'Not referred',
      ProtocolAbbreviation: 'ccs',
      FieldPrompt: ' referral/linkage ',
      MatchingValues: ['NO', 'no', ''],
      CountMode: 'submissions',
      Remark: 'Referral/Linkage: No',
      ConcurrencyStamp: referred.concurrencyStamp,
    };
    const res = await k.call('PUT', url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Not referred',
      matchingValues: ['NO', 'no'],
      countMode: 'submissions',
      fieldPrompt: 'referral/linkage',
      updatedBy: { firstName: expect.any(String) },
    });
    expect(json<Report>(await k.call('GET', `${base}/cervical`)).rows[12]).toMatchObject({
      indicator: 'Not referred',
      frequency: 1,
      remark: 'Referral/Linkage: No',
    });
    const stale = await k.call('PUT', url, body);
    expect(stale.statusCode).toBe(409);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'indicatorDefinition'), eq(auditEvents.entityId, String(referred.id))));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'update', institutionId: inst });
    // Rules that can never match are accepted: they count 0 (a protocol the institution lacks is named in the footer).
    const fresh = json<Definition>(await k.call('GET', url));
    await k.call('PUT', url, { ...body, ProtocolAbbreviation: 'XYZ', ConcurrencyStamp: fresh.concurrencyStamp });
    const r = json<Report>(await k.call('GET', `${base}/cervical`));
    expect(r.rows[12].frequency).toBe(0);
    expect(r.footer[1]).toBe('Protocol: CCS, XYZ (no protocol of this institution has the abbreviation XYZ)');
    const invalid = await k.call('PUT', url, {
      Title: '',
      CountMode: 'women',
      MatchingValues: 'Yes',
      ConcurrencyStamp: 'x',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual([
      'countMode',
      'matchingValues',
      'protocolAbbreviation',
      'title',
    ]);
  });
});

describe('CSV export', () => {
  it('is RFC 4180 with every cell quoted, formula cells defused, named after the report, with the footer', async () => {
    const defs = json<Definition[]>(await k.call('GET', `${base}/cervical/definitions`));
    const first = defs[0];
    await k.call('PUT', `${base}/cervical/definitions/${first.id}`, {
      Title: '=HYPERLINK("x"), women',
      ProtocolAbbreviation: 'CCS',
      FieldPrompt: null,
      MatchingValues: [],
      CountMode: 'patients',
      Remark: 'line one\nline two',
      ConcurrencyStamp: first.concurrencyStamp,
    });
    const res = await k.call('GET', `${base}/cervical.csv?From=${dayOffset(-6)}&To=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cervical cancer report Per Date Range.csv"; filename*=UTF-8''${encodeURIComponent('Cervical cancer report Per Date Range.csv')}`,
    );
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('"S.no","Indicator","Frequency","Remark"');
    expect(lines[1]).toBe('"1","\'=HYPERLINK(""x""), women","3","line one\nline two"');
    expect(lines[14]).toBe('"14","Cervical screening visits","4","CCS forms submitted (a woman may have several)"');
    expect(lines[15]).toBe('');
    expect(lines[16]).toBe(
      `"Cervical cancer report Per Date Range: ${dayOffset(-6)} to ${today} (both days included, UTC, by the date each form was submitted)"`,
    );
    expect(lines[18]).toMatch(/^"Generated at .* UTC by /);
    const breast = await k.call('GET', `${base}/breast.csv`);
    expect(breast.headers['content-disposition']).toContain('filename="Breast cancer report Per Date Range.csv"');
  });
});

describe('tenancy and permissions', () => {
  it("never counts another institution's submissions, and keeps its definitions out", async () => {
    const other = await signedIn(t, ['Coordinator']);
    const ok = await formsKit(t, other.institution.id, other.token);
    const otherBase = `/api/institutions/${other.institution.id}/indicators`;
    // Before anything is filled there, the other institution counts zero everywhere (our data is not seen).
    expect(
      frequencies(json<Report>(await ok.call('GET', `${otherBase}/cervical?From=${dayOffset(-30)}&To=${today}`))),
    ).toEqual(Array(14).fill(0));
    const ccs = await createProtocol(t, other.institution.id, other.token, { Abbreviation: 'CCS' });
    const f = await formWith(ok, ccs.id, CERVICAL_FIELDS);
    const { patient } = await ok.enrolledPatient({}, ccs.id);
    await fill(ok, f, patient.id, { 'VIA Screening Result': 'Negative' }, `${today}T09:00:00Z`);
    const theirs = json<Report>(await ok.call('GET', `${otherBase}/cervical`));
    expect(theirs.rows[0].frequency).toBe(1);
    expect(json<Report>(await k.call('GET', `${base}/cervical`)).rows[13].frequency).toBe(4);
    const ours = json<Definition[]>(await k.call('GET', `${base}/cervical/definitions`));
    expect((await ok.call('GET', `${otherBase}/cervical/definitions/${ours[1].id}`)).statusCode).toBe(404);
    expect(
      (
        await ok.call('PUT', `${otherBase}/cervical/definitions/${ours[1].id}`, {
          Title: 'x',
          ProtocolAbbreviation: 'CCS',
          CountMode: 'patients',
          ConcurrencyStamp: ours[1].concurrencyStamp,
        })
      ).statusCode,
    ).toBe(404);
    expect((await ok.call('GET', `${base}/cervical`)).statusCode).toBe(404);
  });

  it('a Researcher reads reports and definitions but edits nothing; a Technician reads neither', async () => {
    const researcher = await signedIn(t, ['Researcher'], institution);
    const defs = json<Definition[]>(await k.call('GET', `${base}/cervical/definitions`, undefined, researcher.token));
    expect(defs).toHaveLength(14);
    expect((await k.call('GET', `${base}/breast.csv`, undefined, researcher.token)).statusCode).toBe(200);
    const put = await k.call(
      'PUT',
      `${base}/cervical/definitions/${defs[1].id}`,
      { Title: 'x', ProtocolAbbreviation: 'CCS', CountMode: 'patients', ConcurrencyStamp: defs[1].concurrencyStamp },
      researcher.token,
    );
    expect(put.statusCode).toBe(403);
    const tech = await signedIn(t, ['Technician'], institution);
    for (const path of ['cervical', 'breast.csv', 'cervical/definitions', `cervical/definitions/${defs[1].id}`]) {
      expect((await k.call('GET', `${base}/${path}`, undefined, tech.token)).statusCode, path).toBe(403);
    }
    expect((await t.call('GET', `${base}/cervical`)).statusCode).toBe(401);
  });
});

describe('prompts as filled', () => {
  it("an answer counts under the prompt it was filled with, not the field's later prompt", async () => {
    const hpvPositive = async () => json<Report>(await k.call('GET', `${base}/cervical`)).rows[9].frequency;
    const before = await hpvPositive();
    const ccs = await createProtocol(t, inst, token, { Title: 'Cervical Cancer Screening 2', Abbreviation: 'ccs' });
    const f = await formWith(k, ccs.id, [['HPV DNA Screening Result', 'RL', ['Positive', 'Negative']]]);
    const [e, g] = [(await k.enrolledPatient({}, ccs.id)).patient.id, (await k.enrolledPatient({}, ccs.id)).patient.id];
    await fill(k, f, e, { 'HPV DNA Screening Result': 'Positive' }, `${today}T07:00:00Z`);
    const form = json<{ fields: { id: number; concurrencyStamp: string; ordinal: number }[] }>(
      await k.call('GET', `${k.base(ccs.id)}/${f.form.id}`),
    );
    const live = form.fields.find((x) => x.id === f.ids['HPV DNA Screening Result'])!;
    const renamed = await k.call('PUT', `${k.fieldsUrl(f.form.id, ccs.id)}/${live.id}`, {
      DataTypeId: k.type('RL'),
      Prompt: 'HPV result',
      ResponseTitle: 'HPV',
      Ordinal: live.ordinal,
      ConcurrencyStamp: live.concurrencyStamp,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await fill(k, f, g, { 'HPV DNA Screening Result': 'Positive' }, `${today}T07:30:00Z`);
    expect(await hpvPositive()).toBe(before + 1);
  });
});

describe('answer keys (submitted_answer_keys, kept by triggers)', () => {
  /** The keys as derived directly from the answers, written independently of the migration's triggers. */
  const derived = sql`select s.institution_id, s.collection_protocol_id as protocol_id, lower(btrim(v.prompt)) as prompt, x.value, s.created_date, s.patient_id, s.id as submission_id, v.field_id, s.is_enabled
    from submitted_collection_protocol_form_values v join submitted_collection_protocol_forms s on s.id = v.submission_id
    join collection_protocol_form_fields f on f.id = v.field_id
    cross join lateral (select distinct e as value from unnest(case f.kind
      when 'CBL' then array(select lower(btrim(j)) from jsonb_array_elements_text(v.value::jsonb) j where btrim(j) <> '')
      when 'CB' then array[case v.value when 'true' then 'yes' else 'no' end]
      else case when btrim(v.value) = '' then '{}'::text[] else array[lower(btrim(v.value))] end end) e) x`;
  const kept = sql`select institution_id, protocol_id, prompt, value, created_date, patient_id, submission_id, field_id, is_enabled from submitted_answer_keys`;
  const rows = async (q: SQL) =>
    (
      (await t.db.execute(sql`select * from (${q}) r order by submission_id, field_id, value`)) as unknown as {
        rows: unknown[];
      }
    ).rows;

  it('equal the keys derived from the answers after a random sequence of writes', async () => {
    let seed = 16;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const ccs = await createProtocol(t, inst, token, { Title: 'Keys', Abbreviation: 'KEYS' });
    const f = await formWith(k, ccs.id, [
      ['Result', 'RL', ['Positive', 'Negative']],
      ['Seen', 'CB'],
      ['Symptoms', 'CBL', ['Fever', 'Cough', 'Rash']],
      [' Note ', 'TB'],
    ]);
    const patients = [
      (await k.enrolledPatient({}, ccs.id)).patient.id,
      (await k.enrolledPatient({}, ccs.id)).patient.id,
    ];
    const ids: number[] = [];
    const pick = <T>(xs: T[]) => xs[rnd(xs.length)];
    for (let step = 0; step < 40; step++) {
      const op = ids.length ? rnd(6) : 0;
      if (op === 0 || op === 1) {
        const answers: Record<string, unknown> = {};
        if (rnd(3)) answers.Result = pick(['Positive', 'Negative']);
        if (rnd(3)) answers.Seen = rnd(2) === 0;
        if (rnd(3)) answers.Symptoms = ['Fever', 'Cough', 'Rash'].filter(() => rnd(2) === 0);
        if (rnd(3)) answers[' Note '] = pick(['  Ab12 ', 'AB12', 'x']);
        ids.push(await fill(k, f, pick(patients), answers, `${dayOffset(-rnd(30))}T0${rnd(10)}:00:00Z`));
      } else if (op === 2) {
        expect(
          (await k.call('POST', `/api/institutions/${inst}/submittedCollectionProtocolForms/${pick(ids)}/disable`))
            .statusCode,
        ).toBe(200);
      } else if (op === 3) {
        await t.db.execute(
          sql`update submitted_collection_protocol_forms set is_enabled = true, created_date = created_date - interval '1 day' where id = ${pick(ids)}`,
        );
      } else if (op === 4) {
        await t.db.execute(
          sql`update submitted_collection_protocol_form_values set value = ${pick(['Negative', '["Rash","rash"]', 'false', ' '])}, prompt = ${pick(['Result', 'other'])} where submission_id = ${pick(ids)} and field_id = ${f.ids.Result}`,
        );
      } else {
        await t.db.execute(
          sql`update submitted_collection_protocol_forms set patient_id = ${pick(patients)} where id = ${pick(ids)}`,
        );
      }
      expect(await rows(kept), `step ${step}`).toEqual(await rows(derived));
    }
    expect((await rows(kept)).length).toBeGreaterThan(20);
  });
});
