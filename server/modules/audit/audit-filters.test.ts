// Issue 11: the audit log's filters (record type, account, dates), tenancy, and lookup titles.
import { describe, expect, it } from 'vitest';
import { testApp, json, pagination } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { labSetup } from '../../test/orders-fixtures';

const t = await testApp();
const admin = await signedIn(t, ['Institution Administrator']);
const inst = admin.institution.id;
const clinician = await signedIn(t, ['Clinician'], admin.institution);
const r = await referenceIds(t, inst, clinician.token);
const errorsOf = (res: Awaited<ReturnType<typeof t.call>>) =>
  json<{ errors?: Record<string, string[]> }>(res).errors ?? {};

type Event = {
  entity: string;
  entityId: string;
  action: string;
  at: string;
  institutionId: number;
  account: { firstName: string; lastName: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  titles: Record<string, string>;
};
const log = async (query: string, token = admin.token, instId = inst) => {
  const res = await t.call('GET', `/api/institutions/${instId}/auditEvents?PageSize=100&${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { events: json<Event[]>(res), total: pagination(res).TotalCount };
};
const addSite = (title: string, token = admin.token, instId = inst) =>
  t.call('POST', `/api/institutions/${instId}/institutionSites`, { token, body: { title, address: 'Basement' } });

describe('audit log filters', () => {
  it('filters by record type, and the participant edit carries lookup titles for its ids', async () => {
    const p = json<{ id: number; concurrencyStamp: string }>(
      await t.call('POST', `/api/institutions/${inst}/patients/register`, {
        token: clinician.token,
        body: participant(r),
      }),
    );
    const edit = await t.call('PUT', `/api/institutions/${inst}/patients/${p.id}`, {
      token: clinician.token,
      body: { ...participant(r), FirstName: 'Almazz', GenderId: r.male, concurrencyStamp: p.concurrencyStamp },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await addSite('Freezer hall');
    const { events } = await log(`entity=patient&entityId=${p.id}`);
    expect(events.map((e) => e.action)).toEqual(['update', 'create']);
    expect(events.every((e) => e.entity === 'patient')).toBe(true);
    const update = events[0];
    expect(update.before?.genderId).toBe(r.female);
    expect(update.after?.genderId).toBe(r.male);
    expect(update.titles[`genders:${r.female}`]).toBeTruthy();
    expect(update.titles[`genders:${r.male}`]).toBeTruthy();
    expect(update.titles[`genders:${r.male}`]).not.toBe(update.titles[`genders:${r.female}`]);
    // The create lists its races by title too (a list of child rows).
    expect(events[1].titles[`races:${r.black}`]).toBeTruthy();
  });

  it('an ordered panel carries its panel and tests by title, not bare ids (issue 28 item 7)', async () => {
    const lab = await labSetup(t, inst, admin.token);
    const placed = await t.call('POST', `/api/institutions/${inst}/LIMSOrders/place`, {
      token: admin.token,
      body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [event] = (await log('entity=limsOrderedPanel')).events;
    expect(event.after?.panelId).toBe(lab.panel.id);
    expect(event.titles[`panels:${lab.panel.id}`]).toBe(lab.panel.title);
    expect(new Set(event.after?.testIds as number[])).toEqual(new Set([lab.glucose.id, lab.hiv.id, lab.note.id]));
    for (const test of [lab.glucose, lab.hiv, lab.note]) expect(event.titles[`tests:${test.id}`]).toBe(test.title);
  });

  it("filters by account: only that account's changes", async () => {
    const other = await signedIn(t, ['Institution Administrator'], admin.institution);
    await addSite('By the other admin', other.token);
    await addSite('By the first admin');
    const { events } = await log(`entity=institutionSite&accountId=${other.account.id}`);
    expect(events.length).toBeGreaterThan(0);
    expect(
      events.every(
        (e) => e.account?.lastName === 'Institution Administrator' && e.after?.title !== 'By the first admin',
      ),
    ).toBe(true);
    expect(events.map((e) => e.after?.title)).toContain('By the other admin');
  });

  it('filters by date range (a day, or an instant), inclusive of the whole last day', async () => {
    const site = json<{ id: number }>(await addSite('Dated site'));
    const q = `entity=institutionSite&entityId=${site.id}`;
    // audit rows take the database's time; the range is checked against what was written.
    const [written] = (await log(q)).events;
    const day = written.at.slice(0, 10);
    expect((await log(`${q}&from=${day}&to=${day}`)).total).toBe(1);
    expect((await log(`${q}&to=2000-01-01`)).total).toBe(0);
    expect((await log(`${q}&from=2999-01-01`)).total).toBe(0);
    const instant = new Date(Date.parse(written.at) + 1).toISOString();
    expect((await log(`${q}&to=${encodeURIComponent(instant)}`)).total).toBe(1);
    expect((await log(`${q}&from=${encodeURIComponent(instant)}`)).total).toBe(0);
  });

  it('refuses a bad date or account id with 400 naming the field, never 500', async () => {
    for (const [query, field] of [
      ['from=2024-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['accountId=-1', 'accountId'],
      ['accountId=abc', 'accountId'],
    ]) {
      const res = await t.call('GET', `/api/institutions/${inst}/auditEvents?${query}`, { token: admin.token });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorsOf(res)).join(), query).toMatch(new RegExp(field, 'i'));
    }
  });

  it("never returns another institution's rows, with any filter", async () => {
    const outsider = await signedIn(t, ['Institution Administrator'], await createInstitution(t));
    const site = json<{ id: number }>(await addSite('Ours only'));
    expect((await t.call('GET', `/api/institutions/${inst}/auditEvents`, { token: outsider.token })).statusCode).toBe(
      404,
    );
    const theirs = await log(`entity=institutionSite&entityId=${site.id}`, outsider.token, outsider.institution.id);
    expect(theirs.total).toBe(0);
    const byAccount = await log(`accountId=${admin.account.id}`, outsider.token, outsider.institution.id);
    expect(byAccount.events).toEqual([]);
    const all = await log('', outsider.token, outsider.institution.id);
    expect(all.events.every((e) => e.institutionId === outsider.institution.id)).toBe(true);
  });
});
