// Issue 18: the tamper-evident audit chain. Each institution's audit rows are hash-chained; editing,
// deleting or inserting a row directly in the database is found by the verify route, which names the
// first broken row; parallel writes in one institution still make one linear chain.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditChainReport } from '../../../contract/audit.contract';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { auditEvents } from '../../platform/audit.table';

const t = await testApp();

const verify = async (instId: number, token: string) => {
  const res = await t.call('GET', `/api/institutions/${instId}/audit/verify`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return json<AuditChainReport>(res);
};
const addSites = (instId: number, token: string, n: number, prefix = 'Room') =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.call('POST', `/api/institutions/${instId}/institutionSites`, {
        token,
        body: { title: `${prefix} ${i}`, address: 'Basement' },
      }),
    ),
  );
/** The institution's audit row ids, oldest first. */
const auditIds = async (instId: number) =>
  (
    await t.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(sql`${auditEvents.institutionId} = ${instId}`)
      .orderBy(auditEvents.id)
  ).map((r) => r.id);

describe('audit hash chain', () => {
  it('verifies an untouched chain, with the head to record elsewhere', async () => {
    const { institution, token } = await signedIn(t);
    for (const res of await addSites(institution.id, token, 3)) expect(res.statusCode).toBe(201);
    const report = await verify(institution.id, token);
    expect(report.firstBreak).toBeNull();
    expect(report.rows).toBeGreaterThanOrEqual(4); // the sign-in and three sites
    expect(report.headHash).toMatch(/^[0-9a-f]{64}$/);
    const ids = await auditIds(institution.id);
    expect(report.headId).toBe(ids[ids.length - 1]);
  });

  it('names the row whose content was edited directly in the database', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 3);
    const ids = await auditIds(institution.id);
    const victim = ids[2];
    await t.db.execute(
      sql`update audit_events set after = jsonb_set(after, '{title}', '"Forged room"') where id = ${victim}`,
    );
    const report = await verify(institution.id, token);
    expect(report.firstBreak).toMatchObject({ id: victim, institutionId: institution.id, kind: 'content' });
    expect(report.firstBreak?.detail).toMatch(/edited/);
  });

  it('names the row after a deleted one, and a row inserted without the audit function', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 4);
    const ids = await auditIds(institution.id);
    await t.db.execute(sql`delete from audit_events where id = ${ids[2]}`);
    const deleted = await verify(institution.id, token);
    expect(deleted.firstBreak).toMatchObject({ id: ids[3], kind: 'link' });
    expect(deleted.firstBreak?.detail).toContain(`previous row (id ${ids[1]})`);

    const other = await signedIn(t);
    const [forged] = await t.db
      .insert(auditEvents)
      .values({ institutionId: other.institution.id, entity: 'institutionSite', action: 'create' })
      .returning();
    expect((await verify(other.institution.id, other.token)).firstBreak).toMatchObject({
      id: forged.id,
      kind: 'unhashed',
    });
  });

  it('finds a rewritten hash: the next row no longer links to it', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 3);
    const ids = await auditIds(institution.id);
    // An editor who recomputes nothing but overwrites a hash breaks the row itself; one who also
    // rewrites the content consistently still breaks the link of the following row.
    await t.db.execute(sql`update audit_events set hash = repeat('0', 64) where id = ${ids[1]}`);
    expect((await verify(institution.id, token)).firstBreak).toMatchObject({ id: ids[1], kind: 'content' });
  });

  it('keeps one linear chain under 40 parallel writes in one institution', async () => {
    const { institution, token } = await signedIn(t);
    const results = await addSites(institution.id, token, 40, 'Parallel');
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const report = await verify(institution.id, token);
    expect(report.firstBreak).toBeNull();
    expect(report.rows).toBe(41);
    // Linear: no two rows name the same predecessor (a fork would verify as a broken link too).
    const result = await t.db.execute(
      sql`select count(*)::int as n, count(distinct coalesce(prev_hash, '-'))::int as distinct from audit_events where institution_id = ${institution.id}`,
    );
    const [{ n, distinct }] = (result as unknown as { rows: { n: number; distinct: number }[] }).rows;
    expect(distinct).toBe(n);
  });

  it('hashes in the database what the verifier hashes in the server: quotes, backslashes, control characters, non-Latin text and emoji', async () => {
    const { institution, token } = await signedIn(t);
    const titles = ['Ward "B" \\ annex', 'ላብራቶሪ ክፍል 2', 'Cold room \u{1F9EA} \u00e9\u00e8'];
    for (const title of titles) {
      const res = await t.call('POST', `/api/institutions/${institution.id}/institutionSites`, {
        token,
        body: { title, address: 'Basement \u00b0C' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The control characters text may still hold (issue 26 item 13): tab and line feed, in multi-line text.
    const res = await t.call('POST', `/api/institutions/${institution.id}/paymentCategories`, {
      token,
      body: { title: 'Ward fund', abbreviation: 'WF', description: 'Tab\tand\nline \u200F' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = await verify(institution.id, token);
    expect(report.firstBreak).toBeNull();
    expect(report.rows).toBe(titles.length + 2); // the sites, the payment category and the set-up row
  });

  it('is for administrators of that institution: 403 for a Technician, 404 for the administrator of another institution', async () => {
    const tech = await signedIn(t, ['Technician']);
    expect(
      (await t.call('GET', `/api/institutions/${tech.institution.id}/audit/verify`, { token: tech.token })).statusCode,
    ).toBe(403);
    const admin = await signedIn(t);
    expect(
      (await t.call('GET', `/api/institutions/${tech.institution.id}/audit/verify`, { token: admin.token })).statusCode,
    ).toBe(404);
  });
});
