import { describe, expect, it } from 'vitest';
import { testApp, json, pagination } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { formsKit } from '../../test/forms-kit';
import { parseCsv } from '../../test/rfc4180';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const k = await formsKit(t, institution.id, token);
type Row = {
  submissionId: number;
  patientName: string;
  patientGender: string;
  values: Record<string, string>;
  institution: string;
  institutionSite: string;
  dateCollected: string;
};
type Page = { columns: { fieldId: number; prompt: string }[]; rows: Row[] };

describe('collected questionnaires report', () => {
  it('has one row per submission and one column per field by ordinal across versions, paged', async () => {
    const f = await k.form('Report form');
    const b = await k.field(f.id, 'TB', { Prompt: 'Second', Ordinal: 2 });
    const a = await k.field(f.id, 'CBL', { Prompt: 'First', Ordinal: 1, Options: [{ Value: 'x' }, { Value: 'y' }] });
    const c = await k.field(f.id, 'CB', { Prompt: 'Dropped later', Ordinal: 3 });
    const { patient } = await k.enrolledPatient({ FirstName: 'Hanna', FatherName: 'Bekele', GrandFatherName: 'Alemu' });
    const sub = (values: [number, unknown][]) =>
      k.submit({
        CollectionProtocolFormId: f.id,
        PatientId: patient.id,
        FormFields: values.map(([id, v]) => ({ CollectionProtocolFormFieldId: id, Value: v })),
      });
    expect(
      (
        await sub([
          [a.id, ['y', 'x']],
          [b.id, 'one'],
          [c.id, true],
        ])
      ).statusCode,
    ).toBe(201);
    // Version 2: the prompt of b changes (same field, same column) and c is disabled (its answers keep the column).
    await k.call('PUT', `${k.fieldsUrl(f.id)}/${b.id}`, {
      DataTypeId: k.type('TB'),
      Prompt: 'Second (renamed)',
      ResponseTitle: 'b',
      Ordinal: 2,
      ConcurrencyStamp: b.concurrencyStamp,
    });
    await k.call('POST', `${k.fieldsUrl(f.id)}/${c.id}/disable`);
    const d = await k.field(f.id, 'TB', { Prompt: 'New in v2' });
    for (const v of ['two', 'three'])
      expect(
        (
          await sub([
            [b.id, v],
            [d.id, 'new'],
          ])
        ).statusCode,
      ).toBe(201);

    const url = `${k.base()}/${f.id}/report`;
    const res = await k.call('GET', `${url}?PageSize=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(pagination(res)).toMatchObject({ TotalCount: 3, PageSize: 2, TotalPages: 2 });
    const page = json<Page>(res);
    expect(page.columns.map((x) => [x.fieldId, x.prompt])).toEqual([
      [a.id, 'First'],
      [b.id, 'Second (renamed)'],
      [c.id, 'Dropped later'],
      [d.id, 'New in v2'],
    ]);
    expect(page.rows[0]).toMatchObject({
      patientName: 'Hanna Bekele Alemu',
      patientGender: 'Female',
      institutionSite: 'Main Site',
      values: { [a.id]: 'x; y', [b.id]: 'one', [c.id]: 'Yes' },
    });
    expect(page.rows[1].values).toEqual({ [b.id]: 'two', [d.id]: 'new' });
    const second = json<Page>(await k.call('GET', `${url}?PageSize=2&PageNumber=2`));
    expect(second.rows.map((r) => r.values[b.id])).toEqual(['three']);
    expect(pagination(await k.call('GET', `${url}?EndDate=2000-01-01`)).TotalCount).toBe(0);
    expect(json(await k.call('GET', `${url}?StartDate=2026-02-02&EndDate=2026-02-01`)).errors).toEqual({
      endDate: ['End date cannot be before the start date'],
    });
  });

  it('exports RFC 4180 CSV that survives a round trip with awkward values, named after the form', async () => {
    const f = await k.form('Week "7", cohort/α');
    const text = await k.field(f.id, 'TA', { Prompt: 'Comment, "quoted"' });
    const { patient } = await k.enrolledPatient({ FirstName: 'Ünal', FatherName: "O'Brien" });
    const awkward = [
      'He said "no", then left',
      'line one\nline two\r\nline three',
      ',,,',
      '"',
      '  padded  ',
      'ሰላም ልጆች',
      '=HYPERLINK("http://evil")',
      '-5',
      '@cmd',
    ];
    for (const v of awkward)
      expect(
        (
          await k.submit({
            CollectionProtocolFormId: f.id,
            PatientId: patient.id,
            FormFields: [{ CollectionProtocolFormFieldId: text.id, Value: v }],
          })
        ).statusCode,
      ).toBe(201);
    const res = await k.call('GET', `${k.base()}/${f.id}/report.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Week _7_ cohort_.csv"; filename*=UTF-8''${encodeURIComponent('Week "7", cohort/α.csv')}`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Institution',
      'Institution Site',
      'Patient Name',
      'Patient Date of Birth',
      'Patient Gender',
      'Patient Marital Status',
      'Patient Vital Status',
      'Comment, "quoted"',
      'Date Collected',
    ]);
    expect(rows).toHaveLength(awkward.length);
    // Formula-like cells (=, +, -, @, tab, CR first, also after spaces) get a leading apostrophe (CSV injection),
    // '-5' included: an answer is user text, never exempted as a number; every other value comes back as it was.
    // Multi-line answers store line breaks as LF (issue 26 item 13).
    const expected = awkward.map((v) => (/^\s*[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/\r\n/g, '\n'));
    expect(rows.map((r) => r[7])).toEqual(expected);
    expect(rows[0].slice(0, 7)).toEqual([
      institution.title,
      'Main Site',
      "Ünal O'Brien Bekele",
      '1984-03-12',
      'Female',
      'Single',
      'Alive',
    ]);
    expect(rows.every((r) => r.length === header.length && !Number.isNaN(Date.parse(r[8])))).toBe(true);
  });

  it('needs reports.run and keeps another institution out', async () => {
    const f = await k.form();
    const tech = await signedIn(t, ['Technician'], institution);
    expect((await k.call('GET', `${k.base()}/${f.id}/report`, undefined, tech.token)).statusCode).toBe(403);
    expect((await k.call('GET', `${k.base()}/${f.id}/report.csv`, undefined, tech.token)).statusCode).toBe(403);
    const other = await signedIn(t, ['Coordinator']);
    const ok = await formsKit(t, other.institution.id, other.token);
    expect((await ok.call('GET', `${ok.base()}/${f.id}/report.csv`)).statusCode).toBe(404);
  });
});
