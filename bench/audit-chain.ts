// Issues 18 and 30: what the audit chain costs a write. Sequential audited writes (one transaction each):
// a plain insert, the linked chain of issue 18 (audit_chain_append, migration 0024: the per-institution lock
// held to the commit, the head read, the hashed insert; the function is still in the database) and the
// sealed chain of issue 30 (audit(): content hash, shared announce lock, insert). Then, on PostgreSQL,
// BENCH_AUDIT_WRITERS (10) concurrent writers in ONE institution whose transactions go on for
// BENCH_AUDIT_HOLD_MS (2) ms after their audit row (the rest of a real write and its commit): the linked
// chain serialises them on its lock, the sealed chain does not. Last, sealing the rows written and verifying.
// PGlite in memory, or DATABASE_URL (a scratch database: it is migrated).
// node --import tsx bench/audit-chain.ts [writes=2000]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client';
import { audit } from '../server/platform/audit';
import { auditHashPrefix } from '../server/platform/audit-hash';
import { sealAuditNow } from '../server/platform/audit-seal';
import { auditEvents } from '../server/platform/audit.table';
import { verifyAuditChains } from '../server/modules/audit/audit-chain';
import { pct } from './timing';

const N = Number(process.argv[2] ?? 2000);
const WRITERS = Number(process.env.BENCH_AUDIT_WRITERS ?? 10);
const HOLD_MS = Number(process.env.BENCH_AUDIT_HOLD_MS ?? 2);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: 'memory://' });
await database.migrate();
const db = database.db;
const INST = 900_000 + Math.floor(Math.random() * 90_000);
const ctx = { account: null, institutionId: INST, address: '127.0.0.1' };
const entry = (i: number) => ({
  entity: 'institutionSite',
  entityId: i,
  action: 'update',
  before: { title: `Room ${i}`, address: 'Basement' },
  after: { title: `Room ${i}b`, address: 'Basement' },
});

/** The linked chain's write (issue 18, migration 0024), as audit() did it before issue 30. */
async function linkedAudit(tx: Db, institutionId: number, i: number) {
  const e = entry(i);
  const row = {
    accountId: null,
    institutionId,
    at: new Date(),
    entity: e.entity,
    entityId: String(e.entityId),
    action: e.action,
    before: e.before,
    after: e.after,
    address: ctx.address,
  };
  await tx.execute(sql`select audit_chain_append(${institutionId}::int4, null::int4, ${row.at.toISOString()}::timestamptz, ${row.entity}::text,
    ${row.entityId}::text, ${row.action}::text, ${JSON.stringify(row.before)}::jsonb, ${JSON.stringify(row.after)}::jsonb, ${row.address}::text, ${auditHashPrefix(row)}::text)`);
}

async function run(label: string, write: (i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await write(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  console.log(
    `${label.padEnd(34)} median ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  ${(N / (total / 1000)).toFixed(0)} writes/s`,
  );
}

/** WRITERS writers, N transactions in all, each holding its transaction HOLD_MS after its audit row. */
async function concurrent(label: string, write: (tx: Db, i: number) => Promise<void>) {
  let next = 0;
  const times: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < N; i = next++) {
        const s = performance.now();
        await db.transaction(async (tx) => {
          await write(tx, i);
          await tx.execute(sql`select pg_sleep(${HOLD_MS / 1000})`);
        });
        times.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} median ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  ${(N / secs).toFixed(0)} writes/s (${WRITERS} writers, ${HOLD_MS} ms after the audit row)`,
  );
}

console.log(
  `load before: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await run('plain insert', (i) =>
  db.transaction(async (tx) => {
    await tx
      .insert(auditEvents)
      .values({ institutionId: INST + 1, address: ctx.address, ...entry(i), entityId: String(i) });
  }),
);
await run('linked chain (issue 18)', (i) => db.transaction((tx) => linkedAudit(tx, INST + 2, i)));
await run('sealed chain audit() (issue 30)', (i) => db.transaction((tx) => audit(tx, ctx, entry(i))));
if (database.kind === 'postgres') {
  await concurrent('concurrent, linked chain', (tx, i) => linkedAudit(tx, INST + 3, i));
  await concurrent('concurrent, sealed chain', (tx, i) => audit(tx, ctx, entry(i)));
}
let t0 = performance.now();
const round = await sealAuditNow(db);
console.log(`seal: ${round.rows} rows into ${round.blocks} blocks in ${(performance.now() - t0).toFixed(0)} ms`);
t0 = performance.now();
const [report] = await verifyAuditChains(db, { institutionId: ctx.institutionId });
const ms = performance.now() - t0;
console.log(
  `verify ${report.rows} rows (${report.blocks} blocks, ${report.unsealedRows} unsealed): ${ms.toFixed(0)} ms (${(report.rows / (ms / 1000)).toFixed(0)} rows/s), first break: ${report.firstBreak ? report.firstBreak.id : 'none'}`,
);
console.log(
  `${database.kind}, ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, load after ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await database.close();
