import { describe, expect, it } from 'vitest';
import type { ReportPage } from '../../../contract/reports.contract';
import type { Role } from '../../../contract/permissions.contract';
import { testApp, json } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { referenceIds } from '../../test/participants-fixtures';
import { protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';

// Issue 32 item 7 (docs/reports.md "Research reports"): samples distributed per distribution protocol and period,
// requests by state and turnaround. A hand-counted set of requests driven through the API with the test clock set
// at each step, so every figure below is worked out by hand in the comments; another institution's requests the
// same days must not count.

const t = await testApp();
type Rec = Record<string, unknown> & { id: number };
type Req = Rec & { state: string; concurrencyStamp: string };
type Item = { id: number; collectedSampleId: number };
const at = (iso: string) => (t.clock.now = new Date(iso));
type Who = { account: { email: string }; token: string };
/** A call as `who`, signing in again when the clock jump ended the session (the test moves it by days). */
async function asOf(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await t.call(method, url, { token: who.token, body });
  if (res.statusCode !== 401) return res;
  who.token = await login(t, who.account.email);
  return t.call(method, url, { token: who.token, body });
}
at('2026-09-01T09:00:00Z');

/** An institution with an administrator (the approver), a Researcher, a Tissue Banker and three consenting donors. */
async function organisation(tag: string) {
  const A = await signedIn(t, ['Administrator']);
  const inst = A.institution.id;
  const member = async (roles: Role[]) => {
    const account = await createAccount(t, { roles, institutionIds: [inst] });
    return { account, token: await login(t, account.email) };
  };
  const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };
  const purposes = json<{ id: number; title: string }[]>(
    await t.call('GET', `/api/institutions/${inst}/consentPurposes`, { token: A.token }),
  );
  const FR = purposes.find((p) => p.title === 'Future research')!.id;
  const samples: Rec[] = [];
  for (const d of ['a', 'b', 'c']) {
    const w = await sampleSetUp(t, A.institution, A.token, refs, {
      PatientMRN: `MRN-${tag}${d}-${Math.random().toString(36).slice(2, 8)}`,
    });
    const consent = json<Rec & { consentVersionId: number }>(
      await t.call('POST', `${w.base}/collectionProtocolConsents`, {
        token: A.token,
        body: { Title: 'Biobank consent', Consent: '<p>I agree.</p>', purposeIds: [FR] },
      }),
    );
    const signed = await t.call('POST', `${w.base}/collectionProtocolParticipantConsents`, {
      token: A.token,
      body: {
        ParticipantId: w.enrolment.id,
        ConsentVersionId: consent.consentVersionId,
        Signature: signaturePng().dataUrl,
        purposes: [{ purposeId: FR, granted: true }],
      },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    samples.push(await w.sample({ CollectedDate: '2026-08-20' }));
  }
  const R = await member(['Researcher']);
  const TB = await member(['Tissue Banker']);
  const base = `/api/institutions/${inst}/researchRequests`;
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await asOf(who, method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return json<Req>(res);
  };
  async function study(title: string) {
    return call(A, 'POST', `/api/institutions/${inst}/distributionProtocols`, {
      title,
      principalInvestigatorId: A.account.id,
      institutionName: 'University',
      ethicsApprovalNumber: 'IRB-7',
      purposeIds: [FR],
      approverIds: [A.account.id],
    });
  }
  const blood = refs.protocol.type('Whole Blood');
  /** A request created (and, when asked, submitted) at `created`. */
  async function request(protocolId: number, created: string, submit = true) {
    at(created);
    const r = await call(R, 'POST', base, {
      distributionProtocolId: protocolId,
      title: 'Blood',
      lines: [{ specimenTypeId: blood, count: 1 }],
    });
    return submit ? call(R, 'POST', `${base}/${r.id}/submit`, { concurrencyStamp: r.concurrencyStamp }) : r;
  }
  const step = (r: Req, when: string, path: string, body: Record<string, unknown> = {}, who: Who = A) => {
    at(when);
    return call(who, 'POST', `${base}/${r.id}/${path}`, { concurrencyStamp: r.concurrencyStamp, ...body });
  };
  /** Picks `picks` (sample index, amount), files the agreement the day before and distributes at `when`. */
  async function distribute(r: Req, when: string, picks: [number, number][]) {
    at(when);
    await call(TB, 'POST', `${base}/${r.id}/items`, {
      concurrencyStamp: r.concurrencyStamp,
      picks: picks.map(([i, amount]) => ({ collectedSampleId: samples[i].id, amount })),
    });
    const withMta = await call(TB, 'PUT', `${base}/${r.id}/mta`, {
      fileName: 'mta.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('%PDF-1.4 MTA').toString('base64'),
      signedDate: when.slice(0, 10),
    });
    return call(TB, 'POST', `${base}/${r.id}/distribute`, {
      concurrencyStamp: withMta.concurrencyStamp,
      method: 'handover',
    });
  }
  async function giveBack(r: Req, when: string, sampleIndex: number, amount: number) {
    at(when);
    const items = json<Item[]>(await asOf(TB, 'GET', `${base}/${r.id}/items`));
    const item = items.find((i) => i.collectedSampleId === samples[sampleIndex].id)!;
    return call(TB, 'POST', `${base}/${r.id}/returns`, {
      concurrencyStamp: r.concurrencyStamp,
      items: [{ itemId: item.id, amount }],
      reason: 'Unused',
    });
  }
  return { A, R, TB, inst, study, request, step, distribute, giveBack, member };
}

const I = await organisation('I');
const alpha = await I.study('Alpha study');
const beta = await I.study('Beta study');

// Q1 (Alpha): submitted 10-01 08:00, approved 10-03 08:00 (2 d), distributed 10-08 08:00 (5 d; 7 d from submission):
// 3 mL of sample 0 and 2 mL of sample 1; 1 mL of sample 0 comes back on 10-10.
let q1 = await I.request(alpha.id, '2026-10-01T08:00:00Z');
q1 = await I.step(q1, '2026-10-03T08:00:00Z', 'approve');
q1 = await I.distribute(q1, '2026-10-08T08:00:00Z', [
  [0, 3],
  [1, 2],
]);
await I.giveBack(q1, '2026-10-10T08:00:00Z', 0, 1);
// Q2 (Alpha): first submitted 10-02 00:00, sent back 10-03, submitted again 10-04, approved 10-06 00:00 (4 d from
// the FIRST submission), distributed 11-02 00:00 (27 d; 31 d from submission): 1.5 mL of sample 2.
let q2 = await I.request(alpha.id, '2026-10-02T00:00:00Z');
q2 = await I.step(q2, '2026-10-03T00:00:00Z', 'requestChanges', { reason: 'Say which analyses' });
q2 = await I.step(q2, '2026-10-04T00:00:00Z', 'submit', {}, I.R);
q2 = await I.step(q2, '2026-10-06T00:00:00Z', 'approve');
await I.distribute(q2, '2026-11-02T00:00:00Z', [[2, 1.5]]);
// Q3 (Beta): submitted 10-05 12:00, approved 10-06 00:00 (0.5 d), not distributed.
const q3 = await I.request(beta.id, '2026-10-05T12:00:00Z');
await I.step(q3, '2026-10-06T00:00:00Z', 'approve');
// Q4 (Alpha): submitted 10-06, rejected 10-07. Q5: a draft created 10-07. Q6: created 09-30 23:00 (before the range).
const q4 = await I.request(alpha.id, '2026-10-06T00:00:00Z');
await I.step(q4, '2026-10-07T00:00:00Z', 'reject', { reason: 'Out of scope' });
await I.request(alpha.id, '2026-10-07T00:00:00Z', false);
await I.request(alpha.id, '2026-09-30T23:00:00Z');

// Another institution: a study, a request distributed on 10-08 and one submitted the same days. Never counted here.
const O = await organisation('O');
const other = await O.study('Other study');
let o1 = await O.request(other.id, '2026-10-01T08:00:00Z');
o1 = await O.step(o1, '2026-10-02T08:00:00Z', 'approve');
await O.distribute(o1, '2026-10-08T08:00:00Z', [[0, 4]]);
await O.request(other.id, '2026-10-03T08:00:00Z');
at('2026-11-29T10:00:00Z');
for (const who of [I.A, I.R, I.TB, O.A]) who.token = await login(t, who.account.email);

const api = (path: string, inst = I.inst) => `/api/institutions/${inst}/reports/${path}`;
const RANGE = 'From=2026-10-01&To=2026-11-30';
async function page(path: string, token = I.A.token) {
  const res = await t.call('GET', api(path), { token });
  expect(res.statusCode, res.body).toBe(200);
  return json<ReportPage>(res);
}
/** The seeded Millilitre's symbol (server/db/seed/reference-data.ts): the report names a unit by its symbol. */
const ML = 'mL';

/** A strict RFC 4180 reader: every field quoted, quotes doubled, CRLF after every record; throws on anything else. */
function rfc4180(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const text = body.slice(1);
  const records: string[][] = [];
  const field = /"((?:[^"]|"")*)"(,|\r\n)/y;
  let row: string[] = [];
  while (field.lastIndex < text.length) {
    const m = field.exec(text);
    if (!m) throw new Error(`not RFC 4180 at ${field.lastIndex}: ${JSON.stringify(text.slice(field.lastIndex, 40))}`);
    row.push(m[1].replace(/""/g, '"'));
    if (m[2] === '\r\n') {
      records.push(row);
      row = [];
    }
  }
  expect(row).toEqual([]);
  const width = records[0].length;
  for (const r of records) expect(r).toHaveLength(width);
  return records;
}

describe('samples distributed per distribution protocol', () => {
  it('counts requests, samples, quantity and returns per protocol and unit over the range', async () => {
    const r = await page(`research-distributed?${RANGE}`);
    expect(r.title).toBe('Samples Distributed per Protocol');
    expect(r.columns.map((c) => c.key)).toEqual(['protocol', 'requests', 'samples', 'unit', 'quantity', 'returned']);
    // Q1 (5 mL in 2 samples, 1 back) and Q2 (1.5 mL) under Alpha; Q3 not distributed; the other institution's absent.
    expect(r.rows).toEqual([
      { protocol: 'Alpha study', requests: 2, samples: 3, unit: ML, quantity: 6.5, returned: 1 },
    ]);
    expect(r.footer[0]).toContain('From 2026-10-01 to 2026-11-30');
  });

  it('by month: the month of the distribution', async () => {
    const r = await page(`research-distributed?${RANGE}&Period=month`);
    expect(r.columns.map((c) => c.key)).toEqual([
      'protocol',
      'month',
      'requests',
      'samples',
      'unit',
      'quantity',
      'returned',
    ]);
    expect(r.rows).toEqual([
      { protocol: 'Alpha study', month: '2026-10', requests: 1, samples: 2, unit: ML, quantity: 5, returned: 1 },
      { protocol: 'Alpha study', month: '2026-11', requests: 1, samples: 1, unit: ML, quantity: 1.5, returned: 0 },
    ]);
  });

  it('the range bounds the distribution day: October alone holds Q1 only; September nothing', async () => {
    const oct = await page('research-distributed?From=2026-10-01&To=2026-10-31');
    expect(oct.rows).toEqual([
      { protocol: 'Alpha study', requests: 1, samples: 2, unit: ML, quantity: 5, returned: 1 },
    ]);
    expect((await page('research-distributed?From=2026-09-01&To=2026-09-30')).rows).toEqual([]);
  });
});

describe('requests by state and turnaround', () => {
  it('counts requests created in the range by state, with median and p90 turnaround in days', async () => {
    const r = await page(`research-requests?${RANGE}`);
    expect(r.title).toBe('Requests by State and Turnaround');
    const byState = Object.fromEntries(r.rows.map((x) => [x.state, x]));
    const figures = (s: string) => {
      const x = byState[s];
      return [
        x.requests,
        x.submittedApprovedMedian,
        x.submittedApprovedP90,
        x.approvedDistributedMedian,
        x.approvedDistributedP90,
        x.submittedDistributedMedian,
        x.submittedDistributedP90,
      ];
    };
    expect(r.rows.map((x) => x.state)).toEqual([
      'Draft',
      'Submitted',
      'Changes requested',
      'Approved',
      'Rejected',
      'Cancelled',
      'Distributed',
      'Returned',
      'Closed',
      'All states',
    ]);
    // Distributed: Q1 (2, 5, 7 d) and Q2 (4, 27, 31 d): medians 3, 16, 19; p90 2 + 0.9 x 2 = 3.8, 5 + 0.9 x 22 = 24.8,
    // 7 + 0.9 x 24 = 28.6 (percentile_cont interpolates).
    expect(figures('Distributed')).toEqual([2, 3, 3.8, 16, 24.8, 19, 28.6]);
    expect(figures('Approved')).toEqual([1, 0.5, 0.5, null, null, null, null]); // Q3
    expect(figures('Rejected')).toEqual([1, null, null, null, null, null, null]); // Q4: never approved
    expect(figures('Draft')).toEqual([1, null, null, null, null, null, null]); // Q5
    expect(figures('Submitted')).toEqual([0, null, null, null, null, null, null]); // Q6 is before the range
    // Everything: Q1 to Q5. Submitted to approved over 0.5, 2, 4: median 2, p90 2 + 0.8 x 2 = 3.6.
    expect(figures('All states')).toEqual([5, 2, 3.6, 16, 24.8, 19, 28.6]);
  });

  it('an empty range has no rows', async () => {
    expect((await page('research-requests?From=2025-01-01&To=2025-01-31')).rows).toEqual([]);
  });

  it("another institution's requests are not counted, and its own report counts only them", async () => {
    const mine = await t.call('GET', api(`research-requests?${RANGE}`, O.inst), { token: O.A.token });
    const rows = json<ReportPage>(mine).rows;
    // O: its distributed request and its submitted one; nothing of I's five.
    expect(rows.find((x) => x.state === 'All states')?.requests).toBe(2);
    expect(rows.find((x) => x.state === 'Distributed')?.requests).toBe(1);
    const dist = json<ReportPage>(
      await t.call('GET', api(`research-distributed?${RANGE}`, O.inst), { token: O.A.token }),
    );
    expect(dist.rows).toEqual([
      { protocol: 'Other study', requests: 1, samples: 1, unit: ML, quantity: 4, returned: 0 },
    ]);
  });
});

describe('CSV', () => {
  it('is RFC 4180 through the reports writer, named after the title, with the footer', async () => {
    const res = await t.call('GET', api(`research-distributed.csv?${RANGE}&period=MONTH`), { token: I.A.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('filename="Samples Distributed per Protocol.csv"');
    const records = rfc4180(res.body);
    expect(records[0]).toEqual([
      'Distribution Protocol',
      'Month',
      'Requests',
      'Samples',
      'Unit',
      'Quantity Distributed',
      'Quantity Returned',
    ]);
    expect(records[1]).toEqual(['Alpha study', '2026-10', '1', '2', ML, '5', '1']);
    expect(records[2]).toEqual(['Alpha study', '2026-11', '1', '1', ML, '1.5', '0']);
    expect(records[3].every((c) => c === '')).toBe(true);
    expect(records[4][0]).toContain('From 2026-10-01 to 2026-11-30');
    expect(records.at(-1)![0]).toMatch(/^Generated at /);

    const req = await t.call('GET', api(`research-requests.csv?${RANGE}`), { token: I.A.token });
    const rows = rfc4180(req.body);
    expect(req.headers['content-disposition']).toContain('filename="Requests by State and Turnaround.csv"');
    expect(rows[0][0]).toBe('State');
    expect(rows.find((x) => x[0] === 'Distributed')).toEqual([
      'Distributed',
      '2',
      '3',
      '3.8',
      '16',
      '24.8',
      '19',
      '28.6',
    ]);
    expect(rows.find((x) => x[0] === 'Rejected')).toEqual(['Rejected', '1', '', '', '', '', '', '']);
  });

  it("is in the caller's language", async () => {
    const res = await t.call('GET', api(`research-requests.csv?${RANGE}`), {
      token: I.A.token,
      headers: { 'accept-language': 'fr' },
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Demandes par état et délais.csv'));
    const rows = rfc4180(res.body);
    expect(rows[0][0]).toBe('État');
    expect(rows.map((r) => r[0])).toContain('Tous les états');
    expect(rows.map((r) => r[0])).toContain('Distribuée');
  });
});

describe('range, permission and tenancy', () => {
  it('reuses the reports range rules: reversed or longer than 366 days is a 400', async () => {
    const reversed = await t.call('GET', api('research-requests?From=2026-10-31&To=2026-10-01'), { token: I.A.token });
    expect(reversed.statusCode).toBe(400);
    expect(json<{ code: string }>(reversed).code).toBe('reports.range_reversed');
    const long = await t.call('GET', api('research-distributed.csv?From=2025-01-01&To=2026-10-01'), {
      token: I.A.token,
    });
    expect(long.statusCode).toBe(400);
    expect(json<{ code: string }>(long).code).toBe('reports.range_too_long');
    const period = await t.call('GET', api('research-distributed?Period=week'), { token: I.A.token });
    expect(period.statusCode).toBe(400);
  });

  it('staff who review requests run them; a Researcher (reports.run, own requests only) may not', async () => {
    expect((await t.call('GET', api(`research-distributed?${RANGE}`), { token: I.TB.token })).statusCode).toBe(200);
    const coordinator = await I.member(['Coordinator']);
    expect((await t.call('GET', api(`research-requests?${RANGE}`), { token: coordinator.token })).statusCode).toBe(200);
    expect((await t.call('GET', api(`research-requests?${RANGE}`), { token: I.R.token })).statusCode).toBe(403);
    const tech = await I.member(['Technician']);
    expect((await t.call('GET', api(`research-distributed.csv?${RANGE}`), { token: tech.token })).statusCode).toBe(403);
    expect((await t.call('GET', api(`research-requests?${RANGE}`))).statusCode).toBe(401);
  });

  it("another institution's staff get nothing of this institution", async () => {
    for (const path of ['research-requests', 'research-distributed', 'research-distributed.csv']) {
      const res = await t.call('GET', api(`${path}?${RANGE}`), { token: O.A.token });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('Alpha study');
    }
  });
});
