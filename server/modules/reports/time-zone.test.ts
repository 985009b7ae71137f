import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Institution } from '../../../contract/institutions.contract';
import type { IndicatorReportDto } from '../../../contract/indicators.contract';
import type { ReportPage } from '../../../contract/reports.contract';
import { rowsOf } from '../../db/client';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { labSetup } from '../../test/orders-fixtures';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { createProtocol, signaturePng } from '../../test/protocols-fixtures';
import { participantConsents } from '../protocols/protocols.table';
import { formsKit } from '../../test/forms-kit';
import { limsOrderedPanels, limsOrderedTests, limsOrders } from '../orders/orders.table';
import { defaultTimeZone, endOfDayIn, momentIn, startOfDayIn } from '../../platform/today';
import { loadConfig } from '../../config';

// Issue 31 item 6: every institution keeps its own clock. At 22:30 UTC on 2026-11-28 it is already 01:30 on
// 2026-11-29 in Addis Ababa (UTC+3, no DST): what happens then counts on the 29th there and on the 28th in an
// institution on UTC. Timestamps stay UTC in the database and the API.
const AT = '2026-11-28T22:30:00Z';
const t = await testApp();
t.clock.now = new Date(AT);

const addis = await signedIn(t, ['Institution Administrator']);
const utc = await signedIn(t, ['Institution Administrator']);
const addisLab = await labSetup(t, addis.institution.id, addis.token);
const utcLab = await labSetup(t, utc.institution.id, utc.token);
const api = (inst: number, p: string) => `/api/institutions/${inst}/${p}`;

async function setZone(who: typeof addis, timeZone: string) {
  const inst = json<Institution>(await t.call('GET', `/api/institutions/${who.institution.id}`, { token: who.token }));
  const res = await t.call('PUT', `/api/institutions/${who.institution.id}`, {
    token: who.token,
    body: {
      title: inst.title,
      abbreviation: inst.abbreviation,
      address: inst.address,
      timeZone,
      concurrencyStamp: inst.concurrencyStamp,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(json<Institution>(res).timeZone).toBe(timeZone);
}

/** An order of the lab's panel placed through the API, dated `when` (the database's clock is not the test's). */
async function place(who: typeof addis, lab: typeof addisLab, when: string) {
  const res = await t.call('POST', api(who.institution.id, 'LIMSOrders/place'), {
    token: who.token,
    body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [o] = json<{ id: number }[]>(res);
  const at = new Date(when);
  await t.db.update(limsOrders).set({ createdDate: at }).where(eq(limsOrders.id, o.id));
  await t.db.update(limsOrderedPanels).set({ createdDate: at }).where(eq(limsOrderedPanels.limsOrderId, o.id));
  await t.db.update(limsOrderedTests).set({ createdDate: at }).where(eq(limsOrderedTests.limsOrderId, o.id));
  return o;
}

const report = async (who: typeof addis, path: string, query = '') => {
  const res = await t.call('GET', api(who.institution.id, `reports/${path}${query}`), { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return json<ReportPage>(res);
};
const day = (d: string) => `?From=${d}&To=${d}`;
const panelCount = async (who: typeof addis, d: string) =>
  (await report(who, 'panel-usage', day(d))).rows.reduce((n, r) => n + Number(r.total), 0);

// Addis places one order while still on UTC (the zone change must move it), then takes its zone and places another.
await place(addis, addisLab, AT);
await setZone(addis, 'Africa/Addis_Ababa');
await place(addis, addisLab, AT);
await place(utc, utcLab, AT);

describe('institution time zone (issue 31 item 6)', () => {
  it('a report day in Africa/Addis_Ababa differs from UTC at 22:30 UTC', async () => {
    // Addis Ababa: both orders (22:30 UTC) fall on its 29th, none on the 28th.
    expect(await panelCount(addis, '2026-11-29')).toBe(2);
    expect(await panelCount(addis, '2026-11-28')).toBe(0);
    // The UTC institution: the same instant is the 28th.
    expect(await panelCount(utc, '2026-11-28')).toBe(1);
    expect(await panelCount(utc, '2026-11-29')).toBe(0);
    // Summaries by day, test results and unreleased panels agree (roll-up and row reads alike).
    const summary = await report(addis, 'panel-summary', `${day('2026-11-29')}&Period=day`);
    expect(summary.rows.map((r) => [r.period, r.total])).toEqual([['2026-11-29', 2]]);
    const results = await report(addis, 'test-results', `${day('2026-11-29')}&PanelId=${addisLab.panel.id}`);
    expect(results.rows.map((r) => r.orderedDate)).toEqual(['2026-11-29 01:30', '2026-11-29 01:30']);
    expect((await report(addis, 'test-results', `${day('2026-11-28')}&PanelId=${addisLab.panel.id}`)).rows).toEqual([]);
    const unreleased = await report(addis, 'unreleased-panels', day('2026-11-29'));
    expect(unreleased.rows.map((r) => r.orderedOn)).toEqual(['2026-11-29 01:30', '2026-11-29 01:30']);
    const utcResults = await report(utc, 'test-results', `${day('2026-11-28')}&PanelId=${utcLab.panel.id}`);
    expect(utcResults.rows.map((r) => r.orderedDate)).toEqual(['2026-11-28 22:30']);
  });

  it("defaults to the last 7 days ending today in the institution's zone; the API's timestamp stays UTC", async () => {
    const a = await report(addis, 'panel-usage');
    expect([a.from, a.to]).toEqual(['2026-11-23', '2026-11-29']);
    expect(a.generatedAt).toBe('2026-11-28T22:30:00.000Z');
    const u = await report(utc, 'panel-usage');
    expect([u.from, u.to]).toEqual(['2026-11-22', '2026-11-28']);
  });

  it('footers and CSV print the time in the zone with its name and offset', async () => {
    const a = await report(addis, 'panel-usage', day('2026-11-29'));
    expect(a.footer[0]).toBe(
      "From 2026-11-29 to 2026-11-29, both days included (dates in Africa/Addis_Ababa, the institution's time zone).",
    );
    expect(a.footer.at(-1)).toBe('Generated at 2026-11-29 01:30 Africa/Addis_Ababa (UTC+03:00).');
    const csv = await t.call('GET', api(addis.institution.id, `reports/panel-usage.csv${day('2026-11-29')}`), {
      token: addis.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Generated at 2026-11-29 01:30 Africa/Addis_Ababa (UTC+03:00)."');
    expect((await report(utc, 'panel-usage')).footer.at(-1)).toBe('Generated at 2026-11-28 22:30 UTC.');
    const ind = json<IndicatorReportDto>(
      await t.call('GET', api(addis.institution.id, 'indicators/breast'), { token: addis.token }),
    );
    expect(ind.to).toBe('2026-11-29');
    expect(ind.footer.at(-1)).toMatch(/^Generated at 2026-11-29 01:30:00 Africa\/Addis_Ababa \(UTC\+03:00\) by /);
  });

  it('changing the zone moves the roll-up to the new days (and back)', async () => {
    await setZone(addis, 'UTC');
    expect(await panelCount(addis, '2026-11-28')).toBe(2);
    expect(await panelCount(addis, '2026-11-29')).toBe(0);
    await setZone(addis, 'America/New_York'); // UTC-5 in November: 17:30 on the 28th
    expect(await panelCount(addis, '2026-11-28')).toBe(2);
    const r = await report(addis, 'test-results', `${day('2026-11-28')}&PanelId=${addisLab.panel.id}`);
    expect(r.rows.map((x) => x.orderedDate)).toEqual(['2026-11-28 17:30', '2026-11-28 17:30']);
    await setZone(addis, 'Africa/Addis_Ababa');
    expect(await panelCount(addis, '2026-11-29')).toBe(2);
    // The roll-up equals a direct count by the zone's days.
    const direct = await rowsOf(
      t.db,
      sql`select (op.created_date at time zone 'Africa/Addis_Ababa')::date::text as d, count(*)::int as n
      from lims_ordered_panels op where op.institution_id = ${addis.institution.id} and op.is_enabled group by 1 order by 1`,
    );
    const kept = await rowsOf(
      t.db,
      sql`select day::text as d, sum(n)::int as n from report_daily_counts
      where institution_id = ${addis.institution.id} and kind = 'panel' and n <> 0 group by 1 order by 1`,
    );
    expect(kept).toEqual(direct);
  });

  it("enrolment's today is the institution's day", async () => {
    // A protocol that ended on the 28th: Addis Ababa is already on the 29th, the UTC institution still on the 28th.
    const enrolOn = async (who: typeof addis) => {
      const refs = await referenceIds(t, who.institution.id, who.token);
      const p = await createProtocol(t, who.institution.id, who.token, {
        StartDate: '2026-01-01',
        EndDate: '2026-11-28',
      });
      const reg = await t.call('POST', api(who.institution.id, 'patients/register'), {
        token: who.token,
        body: participant(refs),
      });
      expect(reg.statusCode, reg.body).toBe(201);
      return t.call('POST', api(who.institution.id, `collectionProtocols/${p.id}/collectionProtocolParticipants`), {
        token: who.token,
        body: { PatientIds: [json<{ id: number }>(reg).id] },
      });
    };
    const a = await enrolOn(addis);
    expect(a.statusCode, a.body).toBe(409);
    expect(json<{ title: string }>(a).title).toContain('today (2026-11-29) is outside it');
    const u = await enrolOn(utc);
    expect(u.statusCode, u.body).toBe(201);
  });

  it("a generated order sample ID (L + YYMMDD + number) carries the institution's day", async () => {
    const placeNow = async (who: typeof addis, lab: typeof addisLab) => {
      const res = await t.call('POST', api(who.institution.id, 'LIMSOrders/place'), {
        token: who.token,
        body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return json<{ sampleId: string }[]>(res)[0].sampleId;
    };
    expect(await placeNow(addis, addisLab)).toMatch(/^L261129\d{4}$/);
    expect(await placeNow(utc, utcLab)).toMatch(/^L261128\d{4}$/);
  });

  it("a shipment's default shipped date and time are the sending institution's", async () => {
    const draftOf = async (from: typeof addis, to: typeof addis) => {
      const res = await t.call('POST', api(from.institution.id, 'collectedSampleShipments'), {
        token: from.token,
        body: {
          Name: `Draft of ${from.institution.title}`,
          SendingInstitutionSiteId: from.institution.site.id,
          ReceivingInstitutionId: to.institution.id,
          ReceivingInstitutionSiteId: to.institution.site.id,
          Draft: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return json<{ shippedDate: string; shippedTime: string }>(res);
    };
    expect(await draftOf(addis, utc)).toMatchObject({ shippedDate: '2026-11-29', shippedTime: '01:30' });
    expect(await draftOf(utc, addis)).toMatchObject({ shippedDate: '2026-11-28', shippedTime: '22:30' });
  });

  it("a withdrawal may be dated the signing day on the institution's calendar, not only on UTC's", async () => {
    const west = await signedIn(t, ['Institution Administrator', 'Coordinator']);
    await setZone(west, 'America/New_York');
    const refs = await referenceIds(t, west.institution.id, west.token);
    const p = await createProtocol(t, west.institution.id, west.token);
    const at = (path: string) => api(west.institution.id, `collectionProtocols/${p.id}/${path}`);
    const reg = await t.call('POST', api(west.institution.id, 'patients/register'), {
      token: west.token,
      body: participant(refs),
    });
    const [enrolment] = json<{ id: number }[]>(
      await t.call('POST', at('collectionProtocolParticipants'), {
        token: west.token,
        body: { PatientIds: [json<{ id: number }>(reg).id] },
      }),
    );
    const version = json<{ consentVersionId: number }>(
      await t.call('POST', at('collectionProtocolConsents'), {
        token: west.token,
        body: { Title: 'Main', Consent: '<p>I agree.</p>' },
      }),
    );
    const signed = await t.call('POST', at('collectionProtocolParticipantConsents'), {
      token: west.token,
      body: {
        ParticipantId: enrolment.id,
        ConsentVersionId: version.consentVersionId,
        Signature: signaturePng().dataUrl,
      },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const signature = json<{ id: number }>(signed);
    // Signed at 20:00 on the 28th in New York: 01:00 on the 29th in UTC.
    await t.db
      .update(participantConsents)
      .set({ createdDate: new Date('2026-11-29T01:00:00Z') })
      .where(eq(participantConsents.id, signature.id));
    const withdraw = (WithdrawnDate: string) =>
      t.call('POST', at(`collectionProtocolParticipantConsents/${signature.id}/withdraw`), {
        token: west.token,
        body: { WithdrawnDate, Reason: 'Moved away', Effect: 'stop_use' },
      });
    expect(json<{ code: string }>(await withdraw('2026-11-27')).code).toBe('protocols.withdrawal_before_signing');
    const res = await withdraw('2026-11-28');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the collected questionnaires report (forms)', () => {
  it("filters on the institution's days", async () => {
    await setZone(addis, 'Africa/Addis_Ababa');
    const k = await formsKit(t, addis.institution.id, addis.token);
    const f = await k.form('Zone form');
    const field = await k.field(f.id, 'TB', { Prompt: 'Note' });
    const { patient } = await k.enrolledPatient();
    const res = await k.submit({
      CollectionProtocolFormId: f.id,
      PatientId: patient.id,
      FormFields: [{ CollectionProtocolFormFieldId: field.id, Value: 'late' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = json<{ id: number }>(res).id;
    await t.db.execute(
      sql`update submitted_collection_protocol_forms set created_date = ${AT}::timestamptz where id = ${id}`,
    );
    const rows = async (d: string) =>
      json<{ rows: unknown[] }>(await k.call('GET', `${k.base()}/${f.id}/report?StartDate=${d}&EndDate=${d}`)).rows
        .length;
    expect(await rows('2026-11-29')).toBe(1);
    expect(await rows('2026-11-28')).toBe(0);
  });
});

describe('the clock helpers', () => {
  it('finds the first instant of a local day across DST changes', () => {
    expect(startOfDayIn('2026-11-29', 'Africa/Addis_Ababa').toISOString()).toBe('2026-11-28T21:00:00.000Z');
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // Santiago skips 00:00-01:00 on 2026-09-06: the day starts at the jump.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfDayIn('2026-11-28', 'Asia/Kathmandu').toISOString()).toBe('2026-11-27T18:15:00.000Z');
    expect(momentIn('America/New_York', new Date(AT))).toBe('2026-11-28 17:30 America/New_York (UTC-05:00)');
  });

  it('a range may end on 9999-12-31: its end is the last instant a four-digit year names, never an invalid date', async () => {
    expect(endOfDayIn('2026-11-28', 'Africa/Addis_Ababa').toISOString()).toBe('2026-11-28T21:00:00.000Z');
    expect(endOfDayIn('9999-12-31', 'America/New_York').toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(endOfDayIn('9999-12-31', 'Africa/Addis_Ababa').toISOString()).toBe('9999-12-31T21:00:00.000Z');
    expect(startOfDayIn('9999-12-31', 'Pacific/Kiritimati').toISOString()).toBe('9999-12-30T10:00:00.000Z');
    // The fuzz test's counterexample: the indicators' CSV streamed into a RangeError and the response was cut off.
    for (const path of ['indicators/breast.csv?to=9999-12-31', 'indicators/breast?to=9999-12-31&from=9999-12-25']) {
      const res = await t.call('GET', api(addis.institution.id, path), { token: addis.token });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    const far = await t.call('GET', api(addis.institution.id, 'reports/panel-usage?From=9999-12-25&To=9999-12-31'), {
      token: addis.token,
    });
    expect(far.statusCode, far.body).toBe(200);
  });

  it('a new institution takes LIMS_DEFAULT_TIME_ZONE, else the server zone', () => {
    expect(defaultTimeZone({ LIMS_DEFAULT_TIME_ZONE: 'Africa/Addis_Ababa' })).toBe('Africa/Addis_Ababa');
    expect(defaultTimeZone({})).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(loadConfig({ LIMS_DEFAULT_TIME_ZONE: 'Africa/Addis_Ababa' }).defaultTimeZone).toBe('Africa/Addis_Ababa');
    expect(() => loadConfig({ LIMS_DEFAULT_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(
      /LIMS_DEFAULT_TIME_ZONE must be an IANA/,
    );
  });
});
