import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { auditEvents } from '../../platform/audit.table';

// Issue 32 item 1 (docs/research.md): distribution protocols listed, created, edited with the stamp, disabled,
// audited, scoped to their institution; their ethics document filed and read back.

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const B = await signedIn(t, ['Administrator']);
const api = (inst: number, p = '') => `/api/institutions/${inst}/distributionProtocols${p}`;

type Rec = Record<string, unknown> & { id: number };
type Protocol = Rec & {
  title: string;
  concurrencyStamp: string;
  isEnabled: boolean;
  purposes: { id: number; title: string }[];
  approvers: { id: number; firstName: string }[];
  principalInvestigator: { id: number } | null;
  ethicsDocument: { fileName: string; size: number; sha256: string } | null;
};
type Problem = { status: number; code?: string; title: string; errors?: Record<string, string[]> };

const purposesOf = async (inst: number, token: string) =>
  json<{ id: number; title: string }[]>(await t.call('GET', `/api/institutions/${inst}/consentPurposes`, { token }));
const purposesA = await purposesOf(A.institution.id, A.token);
const purposesB = await purposesOf(B.institution.id, B.token);
const id = (list: { id: number; title: string }[], title: string) => list.find((p) => p.title === title)!.id;
const approver = await createAccount(t, { roles: ['Coordinator'], institutionIds: [A.institution.id] });

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Breast cancer genomics',
  principalInvestigatorId: A.account.id,
  institutionName: 'Addis Ababa University',
  ethicsApprovalNumber: 'IRB-2026-014',
  startDate: '2026-01-01',
  endDate: '2027-12-31',
  purposeIds: [id(purposesA, 'Genetic research'), id(purposesA, 'Future research')],
  approverIds: [approver.id],
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.call('POST', api(A.institution.id), { token: A.token, body: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return json<Protocol>(res);
};
const audits = async (entityId: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'distributionProtocol'), eq(auditEvents.entityId, String(entityId))))
      .orderBy(auditEvents.id)
  ).map((a) => ({ action: a.action, before: a.before, after: a.after }));

describe('distribution protocols', () => {
  it('are created, listed (paged, searched), read, edited with the stamp and disabled, each change audited', async () => {
    const p = await create();
    expect(p).toMatchObject({
      title: 'Breast cancer genomics',
      institutionName: 'Addis Ababa University',
      ethicsApprovalNumber: 'IRB-2026-014',
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      isEnabled: true,
      principalInvestigator: { id: A.account.id },
      ethicsDocument: null,
    });
    expect(p.purposes.map((x) => x.title)).toEqual(['Future research', 'Genetic research']);
    expect(p.approvers.map((x) => x.id)).toEqual([approver.id]);
    const other = await create({ title: 'Malaria surveillance', ethicsApprovalNumber: 'EC-77', purposeIds: [] });

    const list = await t.call('GET', `${api(A.institution.id)}?PageSize=1`, { token: A.token });
    expect(list.statusCode).toBe(200);
    expect(json<Protocol[]>(list).map((x) => x.id)).toEqual([other.id]);
    expect(pagination(list)).toMatchObject({ TotalCount: 2 });
    const found = json<Protocol[]>(
      await t.call('GET', `${api(A.institution.id)}?SearchTerm=irb-2026`, { token: A.token }),
    );
    expect(found.map((x) => x.id)).toEqual([p.id]);

    const edited = await t.call('PUT', api(A.institution.id, `/${p.id}`), {
      token: A.token,
      body: body({
        title: 'Breast cancer genomics II',
        purposeIds: [id(purposesA, 'Commercial use')],
        approverIds: [],
        concurrencyStamp: p.concurrencyStamp,
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<Protocol>(edited)).toMatchObject({ title: 'Breast cancer genomics II', approvers: [] });
    expect(json<Protocol>(edited).purposes.map((x) => x.title)).toEqual(['Commercial use']);
    // The stamp read before the edit is stale now.
    const stale = await t.call('PUT', api(A.institution.id, `/${p.id}`), {
      token: A.token,
      body: body({ concurrencyStamp: p.concurrencyStamp }),
    });
    expect(stale.statusCode).toBe(409);
    expect(json<Problem>(stale).title).toBeTruthy();
    const noStamp = await t.call('PUT', api(A.institution.id, `/${p.id}`), { token: A.token, body: body() });
    expect(noStamp.statusCode).toBe(400);

    const disabled = await t.call('POST', api(A.institution.id, `/${p.id}/disable`), { token: A.token });
    expect(disabled.statusCode).toBe(200);
    expect(json<Protocol>(disabled).isEnabled).toBe(false);
    const enabledOnly = json<Protocol[]>(
      await t.call('GET', `${api(A.institution.id)}?IsEnabled=true`, { token: A.token }),
    );
    expect(enabledOnly.map((x) => x.id)).toEqual([other.id]);
    const afterDisable = await t.call('PUT', api(A.institution.id, `/${p.id}`), {
      token: A.token,
      body: body({ concurrencyStamp: json<Protocol>(disabled).concurrencyStamp }),
    });
    expect(afterDisable.statusCode).toBe(409);
    expect(json<Problem>(afterDisable)).toMatchObject({ code: 'distribution.disabled' });

    const log = await audits(p.id);
    expect(log.map((a) => a.action)).toEqual(['create', 'update', 'disable']);
    expect(log[0].after).toMatchObject({ title: 'Breast cancer genomics', approverIds: [approver.id] });
    expect(log[1].before).toMatchObject({ title: 'Breast cancer genomics' });
    expect(log[1].after).toMatchObject({
      title: 'Breast cancer genomics II',
      purposeIds: [id(purposesA, 'Commercial use')],
    });
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ title: '' }, 'title'],
      [{ principalInvestigatorId: null }, 'principalInvestigatorId'],
      [{ principalInvestigatorId: B.account.id }, 'principalInvestigatorId', 'distribution.not_a_member'],
      [{ approverIds: [B.account.id] }, 'approverIds', 'distribution.not_a_member'],
      [{ approverIds: [approver.id, approver.id] }, 'approverIds'],
      [{ purposeIds: [id(purposesB, 'Future research')] }, 'purposeIds'],
      [{ purposeIds: [2_000_000_000] }, 'purposeIds'],
      [{ purposeIds: 'all' }, 'purposeIds'],
      [{ startDate: '2027-01-01', endDate: '2026-01-01' }, 'endDate'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ ethicsApprovalNumber: 'x'.repeat(101) }, 'ethicsApprovalNumber'],
    ];
    for (const [over, field, code] of cases) {
      const res = await t.call('POST', api(A.institution.id), { token: A.token, body: body(over) });
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(400);
      const problem = json<Problem>(res);
      expect(problem.title.length).toBeGreaterThan(5);
      expect(Object.keys(problem.errors ?? {}).join(), JSON.stringify(over)).toContain(field);
      if (code) expect(problem.code).toBe(code);
    }
  });

  it("are the institution's own: another institution's id answers 404, another institution's path too", async () => {
    const theirs = json<Protocol>(
      await t.call('POST', api(B.institution.id), {
        token: B.token,
        body: body({
          principalInvestigatorId: B.account.id,
          approverIds: [],
          purposeIds: [id(purposesB, 'Future research')],
        }),
      }),
    );
    for (const [method, path] of [
      ['GET', `/${theirs.id}`],
      ['GET', `/${theirs.id}/eligibility-count`],
      ['GET', `/${theirs.id}/ethicsDocument`],
      ['POST', `/${theirs.id}/disable`],
    ] as const) {
      const res = await t.call(method, api(A.institution.id, path), { token: A.token });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const put = await t.call('PUT', api(A.institution.id, `/${theirs.id}`), {
      token: A.token,
      body: body({ concurrencyStamp: theirs.concurrencyStamp }),
    });
    expect(put.statusCode).toBe(404);
    expect((await t.call('GET', api(B.institution.id, `/${theirs.id}`), { token: A.token })).statusCode).toBe(404);
    const list = json<Protocol[]>(await t.call('GET', `${api(A.institution.id)}?PageSize=100`, { token: A.token }));
    expect(list.some((x) => x.id === theirs.id)).toBe(false);
  });

  it('administrators manage, researchers read, other staff neither', async () => {
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [A.institution.id] });
    const tech = await createAccount(t, { roles: ['Technician'], institutionIds: [A.institution.id] });
    const rt = await login(t, researcher.email);
    const tt = await login(t, tech.email);
    const p = await create({ title: 'Read by researchers' });
    expect((await t.call('GET', api(A.institution.id), { token: rt })).statusCode).toBe(200);
    expect((await t.call('GET', api(A.institution.id, `/${p.id}/eligibility-count`), { token: rt })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', api(A.institution.id), { token: rt, body: body() })).statusCode).toBe(403);
    expect((await t.call('POST', api(A.institution.id, `/${p.id}/disable`), { token: rt })).statusCode).toBe(403);
    expect((await t.call('GET', api(A.institution.id), { token: tt })).statusCode).toBe(403);
  });

  it('files the ethics document (type checked by its bytes, at most 5 MB) and gives the newest back', async () => {
    const p = await create({ title: 'With a document' });
    const pdf = Buffer.from('%PDF-1.4\n% ethics approval\n');
    const upload = (over: Record<string, unknown>) =>
      t.call('PUT', api(A.institution.id, `/${p.id}/ethicsDocument`), {
        token: A.token,
        body: { fileName: 'approval.pdf', contentType: 'application/pdf', data: pdf.toString('base64'), ...over },
      });
    const none = await t.call('GET', api(A.institution.id, `/${p.id}/ethicsDocument`), { token: A.token });
    expect(none.statusCode).toBe(404);
    expect(json<Problem>(none).code).toBe('distribution.no_document');

    const first = await upload({});
    expect(first.statusCode, first.body).toBe(200);
    expect(json<Protocol>(first).ethicsDocument).toMatchObject({ fileName: 'approval.pdf', size: pdf.length });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const second = await upload({
      fileName: 'scan.png',
      contentType: 'image/png',
      data: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(second.statusCode, second.body).toBe(200);
    const file = await t.call('GET', api(A.institution.id, `/${p.id}/ethicsDocument`), { token: A.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);

    for (const [over, code] of [
      [{ contentType: 'image/png' }, 'distribution.document_type'],
      [{ data: '!!!not base64' }, 'distribution.document_not_base64'],
      [
        { data: Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]).toString('base64') },
        'distribution.document_too_large',
      ],
      [{ contentType: 'text/html' }, undefined],
      [{ fileName: '' }, undefined],
    ] as const) {
      const res = await upload(over);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(json<Problem>(res).title).toBeTruthy();
      if (code) expect(json<Problem>(res).code).toBe(code);
    }
    const log = await audits(p.id);
    expect(log.map((a) => a.action)).toEqual(['create', 'upload_document', 'upload_document']);
    expect(JSON.stringify(log[2].after)).not.toContain(png.toString('base64'));
  });

  it('a document of several parts (decoded and stored 512 kB at a time) comes back byte for byte, wrapped or not', async () => {
    const p = await create({ title: 'With a long document' });
    const upload = (data: string) =>
      t.call('PUT', api(A.institution.id, `/${p.id}/ethicsDocument`), {
        token: A.token,
        body: { fileName: 'approval.pdf', contentType: 'application/pdf', data },
      });
    // Not a multiple of any part size, and bytes of every value, so a part joined in the wrong place shows.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1_700_001)]);
    const base64 = pdf.toString('base64');
    const wrapped = base64.replace(/.{76}/g, '$&\r\n');
    for (const data of [base64, wrapped]) {
      const filed = await upload(data);
      expect(filed.statusCode, filed.body.slice(0, 300)).toBe(200);
      expect(json<Protocol>(filed).ethicsDocument).toMatchObject({
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
      });
      const file = await t.call('GET', api(A.institution.id, `/${p.id}/ethicsDocument`), { token: A.token });
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    // A character that is not base64 deep in a later part, and padding inside the text, are refused.
    const late = 1024 * 1024 + 5;
    for (const bad of [
      `${base64.slice(0, late)}*${base64.slice(late + 1)}`,
      `${base64.slice(0, late)}=${base64.slice(late + 1)}`,
    ]) {
      const res = await upload(bad);
      expect(res.statusCode).toBe(400);
      expect(json<Problem>(res).code).toBe('distribution.document_not_base64');
    }
  });
});
