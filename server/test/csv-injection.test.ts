import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { LOOKUP_BY_KEY as L } from '../../contract/lookups.registry';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { createSample } from './lookup-samples';
import { labSetup } from './orders-fixtures';
import { participant } from './participants-fixtures';
import { createProtocol, protocolRefs } from './protocols-fixtures';
import { formsKit } from './forms-kit';
import { limsOrderedPanels } from '../modules/orders/orders.table';

// Issue 26 item 4: no CSV export of the project holds a cell a spreadsheet would execute. User text
// reaches every export (names, answers, prompts, titles, reasons); each download is read back with a real
// RFC 4180 parser (csv-parse) and no cell may start, also after leading whitespace, with =, +, -, @, tab or CR.

const CALC = "-2+3+cmd|' /C calc'!A0";
const HOSTILE = [CALC, '=1+1', ' @SUM(1)', '+1', '\t=1', '-5'];
const TRIGGER = /^\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const inst = institution.id;
const api = (p: string, i = inst) => `/api/institutions/${i}/${p}`;

/** The CSV body (after the byte-order mark) as records, by a strict RFC 4180 parser. */
function records(body: string): string[][] {
  return parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false }) as string[][];
}
/** Every cell a spreadsheet would run as a formula. */
const executable = (rows: string[][]) => rows.flat().filter((c) => TRIGGER.test(c));
async function download(url: string, tok = token) {
  const res = await t.call('GET', url, { token: tok });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return records(res.body);
}
/** Each hostile value is in the file, defused by one leading apostrophe. */
function expectDefused(rows: string[][], values: string[]) {
  const cells = new Set(rows.flat());
  for (const v of values)
    expect(cells.has(`'${v}`) || [...cells].some((c) => c.startsWith(`'${v}`)), `${JSON.stringify(v)} defused`).toBe(
      true,
    );
}

// Order reports: three participants whose first names are formulas, each with an unreleased panel today.
const lab = await labSetup(t, inst, token);
const patients: { id: number }[] = [];
for (const [i, name] of [CALC, '=1+1', ' @SUM(1)'].entries()) {
  const res = await t.call('POST', api('patients/register'), {
    token,
    body: participant(lab.refs, { FirstName: name, PatientMRN: i === 0 ? `-${Date.now()}` : `@MRN${i}${Date.now()}` }),
  });
  expect(res.statusCode, res.body).toBe(201);
  patients.push(json<{ id: number }>(res));
}
const formulaTest = await t.call('POST', api('tests'), {
  token,
  body: { title: '=HYPERLINK("http://x")', abbreviation: '-1+1', description: 'A formula as a column head' },
});
expect(formulaTest.statusCode, formulaTest.body).toBe(201);
await t.call('POST', api('panelTests'), { token, body: { panelId: lab.panel.id, testId: json(formulaTest).id } });
// A panel whose title is a formula, ordered too (a row head in the usage and summary reports).
const formulaPanel = (await createSample(t, inst, token, L.panels, { title: '=1+1 panel' })) as { id: number };
await t.call('POST', api('panelTests'), { token, body: { panelId: formulaPanel.id, testId: lab.note.id } });
const placed = json<{ id: number }[]>(
  await t.call('POST', api('LIMSOrders/place'), {
    token,
    body: {
      patientIds: patients.map((p) => p.id),
      priorityId: lab.priorityId,
      panelIds: [lab.panel.id, formulaPanel.id],
    },
  }),
);
const [first] = placed;
// A released result and a comment that are formulas (the panel's other tests stay unreleased).
const detail = json<{
  orderedPanels: {
    id: number;
    orderedTests: {
      id: number;
      testId: number;
      testResult: { id: number; concurrencyStamp: string };
      testResultRelease: { id: number };
    }[];
  }[];
}>(await t.call('GET', api(`LIMSOrders/${first.id}`), { token }));
const note = detail.orderedPanels[0].orderedTests.find((x) => x.testId === lab.note.id)!;
expect(
  (
    await t.call('PUT', api(`LIMSOrders/${first.id}/results`), {
      token,
      body: {
        results: [{ resultId: note.testResult.id, result: CALC, concurrencyStamp: note.testResult.concurrencyStamp }],
      },
    })
  ).statusCode,
).toBe(200);
const release = `LIMSOrders/${first.id}/limsOrderedPanels/${detail.orderedPanels[0].id}/limsOrderedTests/${note.id}/limsOrderedTestResults/${note.testResult.id}/limsOrderedTestResultReleases/${note.testResultRelease.id}/release`;
expect((await t.call('POST', api(release), { token })).statusCode).toBe(200);
// Set in the database: the API trims comments, and a stored value with leading spaces must be defused as well.
await t.db
  .update(limsOrderedPanels)
  .set({ comment: ' @SUM(1)' })
  .where(eq(limsOrderedPanels.id, detail.orderedPanels[0].id));
const today = t.clock.now.toISOString().slice(0, 10);
const range = `From=${today}&To=${today}`;

describe('order reports', () => {
  it('unreleased-panels.csv: participant names and MRNs that are formulas come out defused', async () => {
    const rows = await download(api(`reports/unreleased-panels.csv?${range}`));
    expect(rows[0]).toEqual([
      'Patient Name',
      'Patient ID',
      'Sample ID',
      'Ordered On',
      'Ordered By',
      'Panel Name',
      'Department Name',
      'Age',
    ]);
    expect(executable(rows)).toEqual([]);
    expect(rows.some((r) => r[0].startsWith(`'${CALC}`))).toBe(true);
    expect(rows.some((r) => r[0].startsWith("'=1+1"))).toBe(true);
    expect(rows.some((r) => r[0].startsWith("'@SUM(1)"))).toBe(true); // names are trimmed on input
    expect(rows.some((r) => r[1].startsWith("'-"))).toBe(true);
  });

  it('test-results.csv: a formula result, remark and test name (a column head) come out defused; serial numbers stay numbers', async () => {
    const rows = await download(api(`reports/test-results.csv?PanelId=${lab.panel.id}&${range}`));
    expect(executable(rows)).toEqual([]);
    expect(rows[0]).toContain("'-1+1");
    expectDefused(rows, [CALC, ' @SUM(1)']);
    expect(rows.slice(1, 4).map((r) => r[0])).toEqual(['1', '2', '3']);
  });

  it('the usage and summary reports and the unreleased panels carry a formula panel title defused; counts stay numbers', async () => {
    for (const name of ['panel-usage', 'test-usage', 'panel-summary', 'test-summary']) {
      const rows = await download(api(`reports/${name}.csv?${range}`));
      expect(executable(rows), name).toEqual([]);
      if (name.startsWith('panel')) expect(rows.flat(), name).toContain("'=1+1 panel");
      if (name === 'panel-usage')
        expect(
          rows
            .find((r) => r[0] === "'=1+1 panel")!
            .slice(1)
            .every((c) => /^\d+$/.test(c)),
        ).toBe(true);
    }
    const unreleased = await download(api(`reports/unreleased-panels.csv?${range}`));
    expect(unreleased.map((r) => r[5])).toContain("'=1+1 panel");
  });
});

describe('questionnaire report.csv', () => {
  it('a field prompt (column head), answers and participant names that are formulas come out defused', async () => {
    const k = await formsKit(t, inst, token);
    const f = await k.form('=cmd questionnaire');
    const prompt = await k.field(f.id, 'TA', { Prompt: CALC });
    const head2 = await k.field(f.id, 'TB', { Prompt: ' @SUM(1)' });
    const { patient } = await k.enrolledPatient({ FirstName: '=1+1' });
    for (const v of HOSTILE) {
      const res = await k.submit({
        CollectionProtocolFormId: f.id,
        PatientId: patient.id,
        FormFields: [
          { CollectionProtocolFormFieldId: prompt.id, Value: v },
          { CollectionProtocolFormFieldId: head2.id, Value: v },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await download(`${k.base()}/${f.id}/report.csv`);
    expect(executable(rows)).toEqual([]);
    expect(rows[0]).toContain(`'${CALC}`);
    expect(rows[0]).toContain("'@SUM(1)"); // prompts are trimmed on input
    expect(rows.slice(1).map((r) => r[7])).toEqual(HOSTILE.map((v) => `'${v}`));
    expect(rows.slice(1).every((r) => r[2].startsWith("'=1+1"))).toBe(true);
  });
});

describe('shipment manifest.csv', () => {
  it('a shipment name, tracking number, reason and specimen type that are formulas come out defused; amounts stay numbers', async () => {
    const B = await signedIn(t, ['Coordinator']);
    const A = await signedIn(t, ['Coordinator']);
    const r = await protocolRefs(t, A.institution.id, A.token);
    const protocol = await createProtocol(t, A.institution.id, A.token);
    const base = `/api/institutions/${A.institution.id}/collectionProtocols/${protocol.id}`;
    const call = async (method: string, url: string, body?: unknown, tok = A.token) => {
      const res = await t.call(method, url, { token: tok, body });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return json<Record<string, unknown> & { id: number }>(res);
    };
    await call('POST', `${base}/collectionProtocolSites`, { InstitutionSiteId: A.institution.site.id });
    const event = await call('POST', `${base}/collectionProtocolEvents`, {
      Label: 'Baseline',
      EventCode: 'BL',
      CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day'),
    });
    const refs = await import('./participants-fixtures').then((m) => m.referenceIds(t, A.institution.id, A.token));
    const patient = await call(
      'POST',
      `/api/institutions/${A.institution.id}/patients/register`,
      participant(refs, { FirstName: CALC }),
    );
    await call('POST', `${base}/collectionProtocolParticipants`, { PatientIds: [patient.id] });
    const sample = await call('POST', `${base}/collectedSamples`, {
      PatientId: patient.id,
      InstitutionSiteId: A.institution.site.id,
      CollectionProtocolEventId: event.id,
      SpecimenTypeId: r.type('Whole Blood'),
      CollectedAmount: 10,
      UnitOfMeasurementId: r.unit('Millilitre'),
      CollectedDate: '2026-03-14',
      CollectedTime: '09:30',
    });
    const ship = await call('POST', `/api/institutions/${A.institution.id}/collectedSampleShipments`, {
      Name: CALC,
      TrackingNumber: ' @SUM(1)',
      TrackingURL: 'https://track.example/1',
      SendingInstitutionSiteId: A.institution.site.id,
      ReceivingInstitutionId: B.institution.id,
      ReceivingInstitutionSiteId: B.institution.site.id,
      CollectionProtocolId: protocol.id,
      CollectedSampleIds: [sample.id],
      IncludeDonorIdentity: true,
    });
    const items = json<{ id: number }[]>(
      await t.call(
        'GET',
        `/api/institutions/${A.institution.id}/collectedSampleShipments/${ship.id}/collectedSampleShipmentItems`,
        { token: A.token },
      ),
    );
    await call(
      'POST',
      `/api/institutions/${B.institution.id}/collectedSampleShipments/${ship.id}/collectedSampleShipmentItems/${items[0].id}/reject`,
      { Reason: '=1+1' },
      B.token,
    );
    const rows = await download(
      `/api/institutions/${A.institution.id}/collectedSampleShipments/${ship.id}/manifest.csv`,
      A.token,
    );
    expect(executable(rows)).toEqual([]);
    expect(rows[0]).toEqual(['Shipment', `'${CALC}`]);
    expect(rows.find((x) => x[0] === 'Tracking Number')).toEqual(['Tracking Number', "'@SUM(1)"]);
    const head = rows.findIndex((x) => x[0] === 'Sample ID');
    const item = rows[head + 1];
    expect(item[2]).toBe('10');
    expect(item.at(-1)).toBe("'=1+1");
  });
});

describe('indicator reports', () => {
  it('an indicator title and remark that are formulas come out defused; counts stay numbers', async () => {
    const base = api('indicators');
    const defs = json<{ id: number; concurrencyStamp: string; protocolAbbreviation: string }[]>(
      await t.call('GET', `${base}/cervical/definitions`, { token }),
    );
    const res = await t.call('PUT', `${base}/cervical/definitions/${defs[0].id}`, {
      token,
      body: {
        Title: CALC,
        ProtocolAbbreviation: 'CCS',
        FieldPrompt: null,
        MatchingValues: [],
        CountMode: 'patients',
        Remark: ' @SUM(1)',
        ConcurrencyStamp: defs[0].concurrencyStamp,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await download(`${base}/cervical.csv`);
    expect(executable(rows)).toEqual([]);
    expect(rows[1]).toEqual(['1', `'${CALC}`, '0', "'@SUM(1)"]);
  });
});
