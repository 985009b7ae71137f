// Issues 18 and 30: the tamper-evident audit chain. Each row is hashed on its own at insert; the sealer
// seals the committed rows of each institution into a chain of blocks with a Merkle root each. Editing,
// deleting, inserting or reordering a row directly in the database, or deleting a block, is found by
// the verify route, which names the first broken row or block; rows not sealed yet are reported as the
// window; parallel writes in one institution are all sealed, in id order.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sealAuditNow } from '../../platform/audit-seal';
import type { AuditChainReport } from '../../../contract/audit.contract';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { auditEvents } from '../../platform/audit.table';
import { auditContentHash } from '../../platform/audit-hash';

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
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
/** The block that sealed an audit row. */
const blockOf = (id: number) =>
  rowsOf<{ seq: number; first_id: number }>(
    sql`select b.seq, b.first_id::int from audit_blocks b, audit_events e where e.id = ${id} and b.institution_id = e.institution_id and ${id} between b.first_id and b.last_id`,
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
    // verify seals first: every row is in a block, none in the window; the head is the last block.
    expect(report).toMatchObject({ sealedRows: ids.length, unsealedRows: 0, headId: ids[ids.length - 1] });
    expect(report.blocks).toBeGreaterThanOrEqual(1);
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

  it('names the block a sealed row was deleted from, and a row inserted without the audit function', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 4);
    await sealAuditNow(t.db);
    const ids = await auditIds(institution.id);
    const [block] = await blockOf(ids[2]);
    await t.db.execute(sql`delete from audit_events where id = ${ids[2]}`);
    const deleted = await verify(institution.id, token);
    expect(deleted.firstBreak).toMatchObject({ id: block.first_id, kind: 'block' });
    expect(deleted.firstBreak?.detail).toMatch(/1 were deleted/);

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

  it('finds a rewritten hash: the row no longer matches it', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 3);
    const ids = await auditIds(institution.id);
    // An editor who recomputes nothing but overwrites a hash breaks the row itself; one who also
    // rewrites the content consistently still breaks the link of the following row.
    await t.db.execute(sql`update audit_events set hash = repeat('0', 64) where id = ${ids[1]}`);
    expect((await verify(institution.id, token)).firstBreak).toMatchObject({ id: ids[1], kind: 'content' });
  });

  it('seals all of 40 parallel writes in one institution into one chain of blocks', async () => {
    const { institution, token } = await signedIn(t);
    const results = await addSites(institution.id, token, 40, 'Parallel');
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const report = await verify(institution.id, token);
    expect(report.firstBreak).toBeNull();
    expect(report).toMatchObject({ rows: 41, sealedRows: 41, unsealedRows: 0 });
    // Every row in exactly one block; the blocks numbered 1.. without a gap, each naming the one before.
    const blocks = await rowsOf<{ seq: number; first_id: string; last_id: string; row_count: number }>(
      sql`select seq, first_id::text, last_id::text, row_count from audit_blocks where institution_id = ${institution.id} order by seq`,
    );
    expect(blocks.map((b) => b.seq)).toEqual(blocks.map((_, i) => i + 1));
    expect(blocks.reduce((n, b) => n + b.row_count, 0)).toBe(41);
  });

  it('finds a sealed row edited with its hash recomputed: the block no longer gives its Merkle root', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 3);
    await sealAuditNow(t.db);
    const ids = await auditIds(institution.id);
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.id} = ${ids[2]}`);
    const forged = { ...row, after: { ...(row.after as object), title: 'Forged room' } };
    await t.db
      .update(auditEvents)
      .set({ after: forged.after, hash: auditContentHash(forged) })
      .where(sql`${auditEvents.id} = ${ids[2]}`);
    const report = await verify(institution.id, token);
    const [block] = await blockOf(ids[2]);
    expect(report.firstBreak).toMatchObject({ id: block.first_id, kind: 'block' });
    expect(report.firstBreak?.detail).toMatch(/Merkle root/);
  });

  it('finds sealed rows reordered (two rows swapped whole, hashes and all)', async () => {
    const { institution, token } = await signedIn(t);
    await addSites(institution.id, token, 3);
    await sealAuditNow(t.db);
    const ids = await auditIds(institution.id);
    const cols = sql.raw('at, account_id, entity, entity_id, action, before, after, address, hash');
    await t.db.execute(sql`update audit_events a set (${cols}) = (select ${cols} from audit_events b
      where b.id = case a.id when ${ids[1]} then ${ids[2]}::bigint else ${ids[1]}::bigint end) where a.id in (${ids[1]}, ${ids[2]})`);
    const report = await verify(institution.id, token);
    // Each row still matches its own hash; their order no longer gives the block's root.
    expect(report.firstBreak).toMatchObject({ kind: 'block' });
    expect(report.firstBreak?.detail).toMatch(/reordered/);
  });

  it('finds a whole block deleted (with its rows), and a block row deleted alone', async () => {
    const { institution, token } = await signedIn(t);
    for (let i = 0; i < 3; i++) {
      await addSites(institution.id, token, 2, `Batch ${i}`);
      await sealAuditNow(t.db);
    }
    const blocks = await rowsOf<{ seq: number; first_id: number; last_id: number }>(
      sql`select seq, first_id::int, last_id::int from audit_blocks where institution_id = ${institution.id} order by seq`,
    );
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const [, second, third] = blocks;
    await t.db.execute(
      sql`delete from audit_events where institution_id = ${institution.id} and id between ${second.first_id} and ${second.last_id}`,
    );
    await t.db.execute(sql`delete from audit_blocks where institution_id = ${institution.id} and seq = ${second.seq}`);
    const report = await verify(institution.id, token);
    expect(report.firstBreak).toMatchObject({ id: third.first_id, kind: 'link' });
    expect(report.firstBreak?.detail).toMatch(/block between them was deleted/);

    // The block row alone: its rows are in no block although a later block is sealed.
    const other = await signedIn(t);
    for (let i = 0; i < 2; i++) {
      await addSites(other.institution.id, other.token, 2, `Batch ${i}`);
      await sealAuditNow(t.db);
    }
    const [first] = await rowsOf<{ seq: number; first_id: number }>(
      sql`select seq, first_id::int from audit_blocks where institution_id = ${other.institution.id} order by seq limit 1`,
    );
    await t.db.execute(
      sql`delete from audit_blocks where institution_id = ${other.institution.id} and seq = ${first.seq}`,
    );
    expect((await verify(other.institution.id, other.token)).firstBreak).toMatchObject({
      id: first.first_id,
      kind: 'unsealed',
    });
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
