// Cheap totals (issue 10): lists count at most 10,001 rows and say "10,000+"; single-row reads and
// pages that show where the list ends never count; dashboard counts are estimated above the cap.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, json, pagination } from './harness';
import { sentStatements } from './sent-statements';
import { signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { cappedTotal, countAtMostRemembered, TOTAL_CAP } from '../platform/counts';
import { selectRecords } from '../platform/record-refs';
import { patients } from '../modules/participants/participants.table';
import { and, desc, eq } from 'drizzle-orm';
import type { OrderDetail } from '../../contract/orders.contract';
import { labSetup } from './orders-fixtures';

describe('cappedTotal (cap 5)', () => {
  const counter = (matching: number) => vi.fn(async (n: number) => Math.min(matching, n));
  it('a page that shows the end of the list is its own total, uncounted', async () => {
    const count = counter(3);
    expect(await cappedTotal(count, { offset: 0, rows: 3, hasMore: false }, 5)).toEqual({ total: 3, atLeast: false });
    expect(await cappedTotal(count, { offset: 20, rows: 2, hasMore: false }, 5)).toEqual({ total: 22, atLeast: false });
    expect(count).not.toHaveBeenCalled();
  });
  it('counts at most cap + 1 rows: exact up to the cap, "cap+" above it', async () => {
    const few = counter(5);
    expect(await cappedTotal(few, { offset: 0, rows: 2, hasMore: true }, 5)).toEqual({ total: 5, atLeast: false });
    expect(few).toHaveBeenCalledWith(6);
    expect(await cappedTotal(counter(1_000_000), { offset: 0, rows: 2, hasMore: true }, 5)).toEqual({
      total: 5,
      atLeast: true,
    });
  });
  it('past the cap only says "this page and more", without counting', async () => {
    const count = counter(1_000_000);
    expect(await cappedTotal(count, { offset: 500_000, rows: 10, hasMore: true }, 5)).toEqual({
      total: 500_011,
      atLeast: true,
    });
    expect(count).not.toHaveBeenCalled();
  });
  it('a page past the end counts (capped) to report the real total', async () => {
    expect(await cappedTotal(counter(3), { offset: 10, rows: 0, hasMore: false }, 5)).toEqual({
      total: 3,
      atLeast: false,
    });
  });
});

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const ids = await referenceIds(t, institution.id, token);
const list = `/api/institutions/${institution.id}/patients`;
// TOTAL_CAP + 25 participants, written with one SQL statement (the API would take minutes).
await t.db
  .execute(sql`insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time,
  patient_type_id, gender_id, marital_status_id, vital_status_id, concurrency_stamp)
  select ${institution.id}, case when g <= 12 then 'Rareone' else 'Common' end, 'Father', 'Grand', date '1980-01-01', '08:00',
    ${ids.outpatient}, ${ids.female}, ${ids.single}, ${ids.alive}, md5(g::text)
  from generate_series(1, ${TOTAL_CAP + 25}) g`);
// The statistics autovacuum would gather: the dashboard estimate reads them.
await t.db.execute(sql`analyze patients`);

/** Every statement the driver receives while fn runs. */
const statements = (fn: () => Promise<unknown>) => sentStatements(t.db, fn);

describe('lists at more than 10,000 rows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('say "10,000+" in X-Pagination, TotalCount staying a number, and the pages past it answer', async () => {
    const first = await t.call('GET', `${list}?PageSize=10`, { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(pagination(first)).toEqual({
      TotalCount: TOTAL_CAP,
      PageSize: 10,
      CurrentPage: 1,
      TotalPages: TOTAL_CAP / 10,
      TotalIsAtLeast: true,
    });
    const deep = await t.call('GET', `${list}?PageSize=10&PageNumber=1001`, { token });
    expect(json<unknown[]>(deep)).toHaveLength(10);
    expect(pagination(deep)).toMatchObject({ TotalCount: 10_011, TotalIsAtLeast: true, CurrentPage: 1001 });
    const last = await t.call('GET', `${list}?PageSize=10&PageNumber=1003`, { token });
    expect(json<unknown[]>(last)).toHaveLength(5);
    expect(pagination(last)).toMatchObject({ TotalCount: TOTAL_CAP + 25, TotalIsAtLeast: false });
  });

  it('stay exact where the count is cheap', async () => {
    const res = await t.call('GET', `${list}?PageSize=5&SearchTerm=Rareone`, { token });
    expect(pagination(res)).toEqual({
      TotalCount: 12,
      PageSize: 5,
      CurrentPage: 1,
      TotalPages: 3,
      TotalIsAtLeast: false,
    });
    expect(json<{ firstName: string }[]>(res).map((p) => p.firstName)).toEqual(Array(5).fill('Rareone'));
  });

  it('the dashboard count is an estimate above 10,000, exact below', async () => {
    const res = json<{ count: number; isEstimate: boolean }>(await t.call('GET', `${list}/count`, { token }));
    expect(res.isEstimate).toBe(true);
    expect(res.count).toBeGreaterThan(TOTAL_CAP + 1);
    const orders = json<{ count: number; isEstimate: boolean }>(
      await t.call('GET', `/api/institutions/${institution.id}/LIMSOrders/count`, { token }),
    );
    expect(orders).toEqual({ count: 0, isEstimate: false });
  });

  it('a single-row read never counts; a page counts once, capped', async () => {
    const where = and(eq(patients.institutionId, institution.id), eq(patients.firstName, 'Common'));
    const one = await statements(() => selectRecords(t.db, patients, { where, orderBy: patients.id, limit: 1 }));
    expect(one).toHaveLength(1);
    expect(one[0]).not.toMatch(/count\(/);
    const page = await statements(() =>
      selectRecords(t.db, patients, { where, orderBy: desc(patients.id), limit: 10, offset: 0 }),
    );
    expect(page).toHaveLength(2);
    expect(page[1]).toMatch(/count\(\*\).*limit/s);
    const lastPage = await statements(() =>
      selectRecords(t.db, patients, {
        where: and(where, eq(patients.firstName, 'Rareone')),
        orderBy: desc(patients.id),
        limit: 10,
        offset: 0,
      }),
    );
    expect(lastPage).toHaveLength(1);
  });
});

describe('a count that reached its cap', () => {
  it('is remembered for a while; a count below the cap is counted every time', async () => {
    const rare = () =>
      t.db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.institutionId, institution.id), eq(patients.firstName, 'Rareone')))
        .$dynamic();
    const at = Date.now() + 1_000_000; // a time no other test used, so nothing is remembered yet
    expect(await countAtMostRemembered(t.db, rare(), 12, at)).toBe(12); // reached the limit: remembered
    const [one] = await t.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.institutionId, institution.id), eq(patients.firstName, 'Rareone')))
      .limit(1);
    await t.db.update(patients).set({ firstName: 'Renamed' }).where(eq(patients.id, one.id));
    try {
      expect(await countAtMostRemembered(t.db, rare(), 12, at + 1)).toBe(12);
      expect(await countAtMostRemembered(t.db, rare(), 12, at + 60_000)).toBe(11);
      // Below the limit nothing is remembered: the next count sees the change at once.
      await t.db.update(patients).set({ firstName: 'Rareone' }).where(eq(patients.id, one.id));
      expect(await countAtMostRemembered(t.db, rare(), 100, at)).toBe(12);
    } finally {
      await t.db.update(patients).set({ firstName: 'Rareone' }).where(eq(patients.id, one.id));
    }
  });
});

describe('order detail', () => {
  it('is 3 round trips: auth, the order, then the participant with its MRNs, the panels and the tests with their accepted values in one', async () => {
    const lab = await labSetup(t, institution.id, token);
    const reg = await t.call('POST', `/api/institutions/${institution.id}/patients/register`, {
      token,
      body: participant(lab.refs, {
        PatientMRN: 'MAIN-5',
        siteMrns: [{ institutionSiteId: lab.refs.site, mrn: 'SITE-5' }],
      }),
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const placed = await t.call('POST', `/api/institutions/${institution.id}/LIMSOrders/place`, {
      token,
      body: {
        patientIds: [json<{ id: number }>(reg).id],
        priorityId: lab.priorityId,
        panelIds: [lab.panel.id, lab.second.id],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = json<{ id: number }[]>(placed)[0].id;
    let res: Awaited<ReturnType<typeof t.call>> | undefined;
    const sent = await statements(async () => {
      res = await t.call('GET', `/api/institutions/${institution.id}/LIMSOrders/${orderId}`, { token });
    });
    expect(res!.statusCode, res!.body).toBe(200);
    expect(sent).toHaveLength(3);
    expect(sent.join('\n')).not.toMatch(/count\(/);
    const d = json<OrderDetail>(res!);
    expect(d.patientMRNs).toEqual([
      { id: expect.any(Number), mrn: 'MAIN-5', institutionSite: null },
      { id: expect.any(Number), mrn: 'SITE-5', institutionSite: { id: lab.refs.site, title: expect.any(String) } },
    ]);
    const hiv = d.orderedPanels.flatMap((p) => p.orderedTests).find((x) => x.testId === lab.hiv.id)!;
    expect(hiv.testAcceptedValues.map((v) => v.title)).toEqual(['Negative', 'Positive']);
  });
});

describe('order reports', () => {
  it('are 2 round trips, auth and the report: the institution time zone comes with the session (issue 30)', async () => {
    for (const name of ['test-usage', 'panel-usage']) {
      let res: Awaited<ReturnType<typeof t.call>> | undefined;
      // Reports read through reportDb (its own pool on PostgreSQL): both handles are watched.
      const sent = await sentStatements([t.db, t.reportDb], async () => {
        res = await t.call('GET', `/api/institutions/${institution.id}/reports/${name}?From=2026-03-01&To=2026-03-31`, {
          token,
        });
      });
      expect(res!.statusCode, res!.body).toBe(200);
      // The zone rides in the session's statement; no other statement asks for it (it was 3 round trips).
      const [auth, ...rest] = sent;
      expect(auth).toMatch(/from "sessions".*time_zone/s);
      expect(rest.join('\n')).not.toMatch(/time_zone/);
      expect(sent, sent.join('\n')).toHaveLength(2);
    }
  });
});
