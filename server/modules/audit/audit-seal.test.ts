// Issue 30: sealing audit rows into blocks. Rows not sealed yet are reported as the window (their content
// checked, not their presence); rows of the linked chain era (before migration 0035) still verify as
// before; on PostgreSQL two writers of one institution no longer wait for each other, and the sealer
// never seals past a row whose transaction is still open.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { audit } from '../../platform/audit';
import { auditRowHash } from '../../platform/audit-hash';
import { sealAuditNow, sealAuditRound } from '../../platform/audit-seal';
import { auditEvents } from '../../platform/audit.table';
import { verifyInstitutionChain } from './audit-chain';

// No interval sealing in this app: the tests decide when rows are sealed.
const t = await testApp({ AUDIT_SEAL_INTERVAL_MS: '3600000' });
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const ctxOf = (institutionId: number) => ({ account: null, institutionId, address: '127.0.0.1' });
const entry = (i: number) => ({
  entity: 'institutionSite',
  entityId: i,
  action: 'update',
  before: { title: `Room ${i}` },
  after: { title: `Room ${i}b` },
});
const write = (institutionId: number, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => audit(t.db, ctxOf(institutionId), entry(i))));

describe('the linked chain before the switch point (migrations 0019/0024)', () => {
  // First in the file: the rows written here are the database's first, as on an upgraded installation.
  it('still verifies as before, and names a deleted or edited linked row; the sealed rows follow it', async () => {
    const inst = await createInstitution(t);
    let prev: string | null = null;
    for (let i = 0; i < 3; i++) {
      const row = {
        institutionId: inst.id,
        at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
        accountId: null,
        entity: 'institutionSite',
        entityId: String(i),
        action: 'create',
        before: null,
        after: { title: `Old room ${i}` },
        address: '10.0.0.1',
      };
      const hash: string = auditRowHash(row, prev);
      await t.db.insert(auditEvents).values({ ...row, prevHash: prev, hash });
      prev = hash;
    }
    // What migration 0035 records on an upgraded database: the linked chain ends at the highest id.
    await t.db.execute(
      sql`update audit_chain_start set linked_through = (select max(id) from audit_events), sealed_through = (select max(id) from audit_events)`,
    );
    await write(inst.id, 4);
    const report = await verifyInstitutionChain(t.db, inst.id);
    expect(report).toMatchObject({ rows: 7, sealedRows: 4, unsealedRows: 0, firstBreak: null });
    const linked = (
      await rowsOf<{ id: number }>(sql`select id::int from audit_events where institution_id = ${inst.id} order by id`)
    ).map((r) => r.id);

    await t.db.execute(sql`update audit_events set after = '{"title":"Forged"}' where id = ${linked[1]}`);
    expect((await verifyInstitutionChain(t.db, inst.id)).firstBreak).toMatchObject({ id: linked[1], kind: 'content' });
    await t.db.execute(sql`delete from audit_events where id = ${linked[1]}`);
    const deleted = await verifyInstitutionChain(t.db, inst.id);
    expect(deleted.firstBreak).toMatchObject({ id: linked[2], kind: 'link' });
    expect(deleted.firstBreak?.detail).toContain(`previous row (id ${linked[0]})`);
  });
});

describe('the window', () => {
  it('reports rows not sealed yet as the window, not as a break, and seals them on the next check', async () => {
    const { institution, token } = await signedIn(t);
    await write(institution.id, 5);
    const before = await verifyInstitutionChain(t.db, institution.id, { seal: false });
    expect(before).toMatchObject({ firstBreak: null, blocks: 0, sealedRows: 0, unsealedRows: before.rows });
    expect(before.rows).toBeGreaterThanOrEqual(5);
    // The window's limit, as docs/audit.md says: a row deleted before it is sealed is not seen.
    const [victim] = await rowsOf<{ id: number }>(
      sql`select max(id)::int as id from audit_events where institution_id = ${institution.id}`,
    );
    await t.db.execute(sql`delete from audit_events where id = ${victim.id}`);
    // An edited one is: its content no longer gives its hash.
    const [first] = await rowsOf<{ id: number; action: string }>(
      sql`select id::int, action from audit_events where institution_id = ${institution.id} order by id limit 1`,
    );
    await t.db.execute(sql`update audit_events set action = 'forged' where id = ${first.id}`);
    expect((await verifyInstitutionChain(t.db, institution.id, { seal: false })).firstBreak).toMatchObject({
      id: first.id,
      kind: 'content',
    });
    await t.db.execute(sql`update audit_events set action = ${first.action} where id = ${first.id}`);
    // The verify route seals first: nothing is left in the window.
    const res = await t.call('GET', `/api/institutions/${institution.id}/audit/verify`, { token });
    const after = res.json();
    expect(res.statusCode, res.body).toBe(200);
    expect(after, res.body).toMatchObject({ firstBreak: null, unsealedRows: 0, sealedRows: before.rows - 1 });
    expect(after.blocks).toBeGreaterThanOrEqual(1);
  });

  it('splits a long run of unsealed rows into blocks of at most 1,000 rows, chained in order', async () => {
    const inst = await createInstitution(t);
    // One transaction (a large import does this): 1,100 rows to seal at once.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 1100; i++) await audit(tx, ctxOf(inst.id), entry(i));
    });
    await sealAuditNow(t.db);
    const blocks = await rowsOf<{ seq: number; row_count: number }>(
      sql`select seq, row_count from audit_blocks where institution_id = ${inst.id} order by seq`,
    );
    expect(blocks.map((b) => b.row_count)).toEqual([1000, 100]);
    expect(blocks.map((b) => b.seq)).toEqual([1, 2]);
    expect(await verifyInstitutionChain(t.db, inst.id)).toMatchObject({ firstBreak: null, sealedRows: 1100 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two writers of one institution on PostgreSQL', () => {
  it('both insert audit rows while both transactions are open, and the sealer waits for the open one', async () => {
    const inst = await createInstitution(t);
    const other = await createInstitution(t);
    const gate = () => {
      let open!: () => void;
      const p = new Promise<void>((r) => (open = r));
      return { p, open };
    };
    const aWrote = gate();
    const bWrote = gate();
    const release = gate();
    // lock_timeout: a writer that waited for the other (as with the chain lock before) fails in 2 s instead of hanging.
    const writer = (i: number, wrote: () => void) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await audit(tx, ctxOf(inst.id), entry(i));
        wrote();
        await release.p;
      });
    const a = writer(1, aWrote.open);
    const b = (async () => {
      await aWrote.p;
      return writer(2, bWrote.open);
    })();
    try {
      // B wrote its row while A is open: nobody waited (a B that waits fails with the lock timeout here).
      await Promise.race([bWrote.p, b]);
    } finally {
      release.open();
    }
    await Promise.all([a, b]);

    // A stays open with its row (the lower id); B writes a later row and commits; another institution too.
    const aOpen = gate();
    const aRelease = gate();
    const slow = t.db.transaction(async (tx) => {
      await audit(tx, ctxOf(inst.id), entry(3));
      aOpen.open();
      await aRelease.p;
    });
    await aOpen.p;
    await audit(t.db, ctxOf(inst.id), entry(4));
    await audit(t.db, ctxOf(other.id), entry(5));
    const round = await sealAuditRound(t.db);
    expect(round.waiting).toContain(inst.id);
    expect(await verifyInstitutionChain(t.db, other.id, { seal: false })).toMatchObject({
      unsealedRows: 0,
      sealedRows: 1,
    });
    // Rows 1 and 2 were committed before but wait too: the institution is sealed only past its open writer.
    const waiting = await verifyInstitutionChain(t.db, inst.id, { seal: false });
    expect(waiting).toMatchObject({ firstBreak: null, unsealedRows: 3, sealedRows: 0 });
    aRelease.open();
    await slow;
    const sealed = await verifyInstitutionChain(t.db, inst.id);
    expect(sealed).toMatchObject({ firstBreak: null, unsealedRows: 0, sealedRows: 4 });
  });
});
