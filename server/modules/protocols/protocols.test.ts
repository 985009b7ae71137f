import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { createProtocol, nextCode, protocolBody } from '../../test/protocols-fixtures';
import { auditEvents } from '../../platform/audit.table';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const api = (p = '', inst = institution.id) => `/api/institutions/${inst}/collectionProtocols${p}`;
type P = Record<string, unknown> & { id: number; concurrencyStamp: string };

describe('collection protocols', () => {
  it('creates, reads and lists a protocol with the spec columns, audited', async () => {
    const body = protocolBody({ Title: 'Cervical Cancer Screening', Abbreviation: 'CCS', Code: 'cc' });
    const res = await t.call('POST', api(), { token, body });
    expect(res.statusCode, res.body).toBe(201);
    const p = json<P>(res);
    expect(p).toMatchObject({
      title: 'Cervical Cancer Screening',
      abbreviation: 'CCS',
      code: 'cc',
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      expectedParticipants: 120,
      institutionId: institution.id,
    });
    expect(json(await t.call('GET', api(`/${p.id}`), { token }))).toMatchObject({
      id: p.id,
      code: 'cc',
      creatorAccount: { firstName: 'Test' },
    });
    const list = await t.call('GET', api('?SearchTerm=cervical&PageSize=5'), { token });
    expect(json<P[]>(list).map((r) => r.id)).toEqual([p.id]);
    expect(pagination(list)).toMatchObject({ TotalCount: 1, PageSize: 5 });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectionProtocol'), eq(auditEvents.entityId, String(p.id))))
      .orderBy(auditEvents.id);
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('OpenOn keeps the protocols still open that day (no end date, or ending on or after it)', async () => {
    const other = await signedIn(t, ['Coordinator']);
    const make = (EndDate: string | null) =>
      createProtocol(t, other.institution.id, other.token, { StartDate: null, EndDate });
    const ended = await make('2026-03-31');
    const endsThatDay = await make('2026-04-01');
    const open = await make(null);
    const ids = async (q: string) =>
      json<P[]>(await t.call('GET', api(q, other.institution.id), { token: other.token })).map((r) => r.id);
    expect(await ids('?OpenOn=2026-04-01')).toEqual([open.id, endsThatDay.id]);
    expect(await ids('')).toEqual([open.id, endsThatDay.id, ended.id]);
    expect(
      (await t.call('GET', api('?OpenOn=2026-02-30', other.institution.id), { token: other.token })).statusCode,
    ).toBe(400);
  });

  it('defaults expected participants to 0 and takes no dates', async () => {
    const p = await createProtocol(t, institution.id, token, {
      ExpectedParticipants: undefined,
      StartDate: '',
      EndDate: null,
    });
    expect(p).toMatchObject({ expectedParticipants: 0, startDate: null, endDate: null });
  });

  it('applies the spec 2 §5 rules: required fields, code at most 2 characters, start before end', async () => {
    const empty = await t.call('POST', api(), { token, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(empty).errors).toMatchObject({
      title: ['*required'],
      abbreviation: ['*required'],
      code: ['*required'],
    });
    const long = await t.call('POST', api(), { token, body: protocolBody({ Code: 'ABC' }) });
    expect(json(long).errors).toEqual({ code: ['Code must be 2 characters or less'] });
    const dates = await t.call('POST', api(), {
      token,
      body: protocolBody({ StartDate: '2026-05-02', EndDate: '2026-05-01' }),
    });
    expect(json(dates).errors).toEqual({ endDate: ['End date cannot be before the start date'] });
    const bad = await t.call('POST', api(), {
      token,
      body: protocolBody({ StartDate: '2026-02-30', ExpectedParticipants: -1 }),
    });
    expect(Object.keys(json<{ errors: object }>(bad).errors).sort()).toEqual(['expectedParticipants', 'startDate']);
  });

  it('keeps the code unique per institution whatever its case, and another institution may reuse it', async () => {
    const first = await createProtocol(t, institution.id, token, { Title: 'First', Code: 'Qz' });
    const dup = await t.call('POST', api(), { token, body: protocolBody({ Code: 'qZ' }) });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({
      code: 'protocols.code_taken',
      title: `Code qZ is already used by the protocol ${first.title}.`,
    });
    const other = await signedIn(t, ['Coordinator']);
    expect(
      (await t.call('POST', api('', other.institution.id), { token: other.token, body: protocolBody({ Code: 'QZ' }) }))
        .statusCode,
    ).toBe(201);
  });

  it('updates with the concurrency stamp; a blank code keeps the current one; a stale stamp is 409', async () => {
    const p = await createProtocol(t, institution.id, token);
    const res = await t.call('PUT', api(`/${p.id}`), {
      token,
      body: protocolBody({ Title: 'Renamed', Code: '', ConcurrencyStamp: p.concurrencyStamp }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ title: 'Renamed', code: p.code });
    const stale = await t.call('PUT', api(`/${p.id}`), {
      token,
      body: protocolBody({ Title: 'Again', ConcurrencyStamp: p.concurrencyStamp }),
    });
    expect(stale.statusCode).toBe(409);
    const taken = await createProtocol(t, institution.id, token);
    const clash = await t.call('PUT', api(`/${p.id}`), {
      token,
      body: protocolBody({ Code: taken.code.toLowerCase(), ConcurrencyStamp: json<P>(res).concurrencyStamp }),
    });
    expect(json(clash).code).toBe('protocols.code_taken');
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectionProtocol'), eq(auditEvents.entityId, String(p.id))))
      .orderBy(auditEvents.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it("hides another institution's protocols (404) and lets a Researcher read but not write", async () => {
    const p = await createProtocol(t, institution.id, token);
    const other = await signedIn(t, ['Coordinator']);
    expect((await t.call('GET', api(`/${p.id}`, other.institution.id), { token: other.token })).statusCode).toBe(404);
    expect(
      (
        await t.call('PUT', api(`/${p.id}`, other.institution.id), {
          token: other.token,
          body: protocolBody({ ConcurrencyStamp: p.concurrencyStamp }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call('GET', api(`/${p.id}/collectionProtocolConsents`, other.institution.id), { token: other.token }))
        .statusCode,
    ).toBe(404);
    // Not a member of this institution: its protocols are not found either.
    expect((await t.call('GET', api(`/${p.id}`), { token: other.token })).statusCode).toBe(404);
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [institution.id] });
    const rt = await login(t, researcher.email);
    expect((await t.call('GET', api(`/${p.id}`), { token: rt })).statusCode).toBe(200);
    expect((await t.call('POST', api(), { token: rt, body: protocolBody() })).statusCode).toBe(403);
    const pi = await createAccount(t, { roles: ['Principal Investigator'], institutionIds: [institution.id] });
    expect(
      (await t.call('POST', api(), { token: await login(t, pi.email), body: protocolBody({ Code: nextCode() }) }))
        .statusCode,
    ).toBe(201);
  });
});
