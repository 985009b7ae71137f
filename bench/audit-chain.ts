// Issue 18: what the audit hash chain costs. Sequential audited writes (one transaction each) with the
// chain (audit(): lock, head read, hashed insert) against the plain insert it replaced, and the time
// to verify the chain. PGlite in memory, or DATABASE_URL (a scratch database: it is migrated).
// node --import tsx bench/audit-chain.ts [writes=2000]
import os from 'node:os';
import { openDatabase } from '../server/db/client';
import { audit } from '../server/platform/audit';
import { auditEvents } from '../server/platform/audit.table';
import { verifyAuditChains } from '../server/modules/audit/audit-chain';
import { pct } from './timing';

const N = Number(process.argv[2] ?? 2000);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: 'memory://' });
await database.migrate();
const db = database.db;
const ctx = { account: null, institutionId: 900_001, address: '127.0.0.1' };
const entry = (i: number) => ({
  entity: 'institutionSite',
  entityId: i,
  action: 'update',
  before: { title: `Room ${i}`, address: 'Basement' },
  after: { title: `Room ${i}b`, address: 'Basement' },
});

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
    `${label.padEnd(28)} median ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  ${(N / (total / 1000)).toFixed(0)} writes/s`,
  );
}

await run('plain insert (before)', (i) =>
  db.transaction(async (tx) => {
    await tx
      .insert(auditEvents)
      .values({ institutionId: 900_002, address: ctx.address, ...entry(i), entityId: String(i) });
  }),
);
await run('chained audit() (now)', (i) => db.transaction((tx) => audit(tx, ctx, entry(i))));
const t0 = performance.now();
const [report] = await verifyAuditChains(db, { institutionId: ctx.institutionId });
const ms = performance.now() - t0;
console.log(
  `verify ${report.rows} rows: ${ms.toFixed(0)} ms (${(report.rows / (ms / 1000)).toFixed(0)} rows/s), first break: ${report.firstBreak ? report.firstBreak.id : 'none'}`,
);
console.log(
  `${database.kind}, ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, load ${os.loadavg()[0].toFixed(1)}`,
);
await database.close();
