// Issue 18 "crash tests": kill -9 of the real server during 1,000 concurrent writes, then a new start on the
// same data. Every acknowledged (2xx) write must be present in full, no aggregate may be half-written
// (committed or not, acknowledged or not), the audit chain must verify and the server must serve again.
// Runs on the suite's database kind: PGlite, or PostgreSQL when DATABASE_URL is set (a database of its own,
// dropped after); CI runs the suite once on each.
// Figures: docs/operations.md "Crash safety". CRASH_WRITES / CRASH_KILL_AFTER change the size.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SERVER_BUNDLE } from '../bundle';
import { openDatabase } from '../db/client';
import { verifyAuditChains } from '../modules/audit';
import { databaseNames, urlFor, withClient } from './databases';
import type { TestApp } from './harness';
import { labSetup } from './orders-fixtures';
import { participant } from './participants-fixtures';

const WRITES = Number(process.env.CRASH_WRITES ?? 1000);
const KILL_AFTER = Number(process.env.CRASH_KILL_AFTER ?? 300);
const PASSWORD = 'Crash-Pass-18';
const FATHER = 'Crashtest';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Target {
  kind: 'pglite' | 'postgres';
  databaseUrl: string;
  dataDir: string;
  cleanup: () => Promise<void>;
}

/** PGlite: a fresh data dir, migrated from the suite's snapshot when there is one. PostgreSQL: '<db>__fcrash<pid>'. */
async function prepare(kind: Target['kind']): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-crash-'));
  if (kind === 'pglite') {
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      const database = await openDatabase({
        databaseUrl: null,
        dataDir,
        snapshot: new Blob([fs.readFileSync(snapshot)]),
      });
      await database.close();
    }
    return {
      kind,
      databaseUrl: '',
      dataDir,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.DATABASE_URL!;
  const name = `${inject('pgFilePrefix') ?? databaseNames(url).filePrefix}crash${process.pid}`;
  const template = inject('pgTemplate');
  await withClient(url, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  });
  return {
    kind,
    databaseUrl: urlFor(url, name),
    dataDir,
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await withClient(url, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
  log: () => string;
}

async function start(target: Target, port: number): Promise<Server> {
  let output = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: target.databaseUrl,
      DATA_DIR: target.dataDir,
      // One API process: kill -9 of the server is kill -9 of the process that writes (issue 34 forks several).
      WORKERS: '1',
      // 1,000 writes arrive at once for 10 connections: on a loaded machine the queue's tail waited past the default
      // 30 s and was refused 503 database_busy (the right answer, tested in statement-timeout.test.ts). This test is
      // about what a kill leaves behind, so its queue waits instead.
      DATABASE_POOL_WAIT_MS: '600000',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, exited, log: () => output };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** The fixtures' TestApp over HTTP to the child process. */
function overHttp(base: string): TestApp {
  const call = async (method: string, url: string, opts: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
  };
  return { call } as unknown as TestApp;
}

async function login(t: TestApp) {
  const res = await t.call('POST', '/api/Authentication/login', {
    body: { userName: 'admin@biobank.local', password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

const rows = async <T>(db: Awaited<ReturnType<typeof openDatabase>>['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const kinds: Target['kind'][] = [process.env.DATABASE_URL ? 'postgres' : 'pglite'];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe.each(kinds)('crash safety on %s', (kind) => {
  it(`kill -9 after ${KILL_AFTER} of ${WRITES} concurrent writes: every acknowledged write whole, nothing half-written, audit chain intact, serves again`, async () => {
    const target = await prepare(kind);
    cleanups.push(target.cleanup);
    const port = await freePort();
    let server = await start(target, port);
    let t = overHttp(server.base);
    let token = await login(t);
    const inst = 1;
    const lab = await labSetup(t, inst, token);
    const api = (p: string) => `/api/institutions/${inst}/${p}`;
    const expectedTests = 4; // lab.panel has 3 tests, lab.second 1

    // 1,000 multi-step writes at once: even = a participant with 2 MRNs, 2 phones, a race and an ethnicity;
    // odd = an order with 2 panels and their 4 tests. Each is one transaction with its audit rows.
    const acked = { patients: [] as number[], orders: [] as number[] };
    const refused: string[] = [];
    let failed = 0;
    let killedAt: number | null = null;
    const startedAt = Date.now();
    const kill = () => {
      if (killedAt !== null) return;
      killedAt = acked.patients.length + acked.orders.length;
      server.child.kill('SIGKILL');
    };
    const write = async (i: number) => {
      const body =
        i % 2 === 0
          ? participant(lab.refs, {
              PatientMRN: `CR${i}`,
              FirstName: 'Almaz',
              FatherName: FATHER,
              siteMrns: [{ institutionSiteId: lab.refs.site, mrn: `CS${i}` }],
              phoneNumbers: [
                { phoneNumberTypeId: lab.refs.mobile, phoneNumber: `+25191${String(i).padStart(7, '0')}` },
                { phoneNumberTypeId: lab.refs.mobile, phoneNumber: `+25192${String(i).padStart(7, '0')}` },
              ],
            })
          : { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id, lab.second.id] };
      try {
        const res = await t.call('POST', api(i % 2 === 0 ? 'patients/register' : 'LIMSOrders/place'), { token, body });
        if (res.statusCode === 201) {
          // A 201 read after the kill signal (already in the socket) is an acknowledgement too: it is checked as well.
          if (i % 2 === 0) acked.patients.push((res.json() as { id: number }).id);
          else acked.orders.push(...(res.json() as { id: number }[]).map((o) => o.id));
          if (acked.patients.length + acked.orders.length >= KILL_AFTER) kill();
        } else refused.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
      } catch {
        failed++; // connection reset or refused: the server was killed
      }
    };
    await Promise.all(Array.from({ length: WRITES }, (_, i) => write(i)));
    await server.exited;
    const runMs = Date.now() - startedAt;
    expect(killedAt, 'the server was killed mid-way').not.toBeNull();
    expect(refused, 'writes the server refused before the kill').toEqual([]);
    const ackedCount = acked.patients.length + acked.orders.length;

    // Restart on the same data: the server serves reads and writes again.
    const restartAt = Date.now();
    server = await start(target, port);
    const restartMs = Date.now() - restartAt;
    t = overHttp(server.base);
    token = await login(t);
    expect((await t.call('GET', api(`patients/${acked.patients[0]}`), { token })).statusCode).toBe(200);
    expect((await t.call('GET', api(`LIMSOrders/${acked.orders[0]}`), { token })).statusCode).toBe(200);
    const after = await t.call('POST', api('patients/register'), {
      token,
      body: participant(lab.refs, { FatherName: 'Afterkill' }),
    });
    expect(after.statusCode, after.body).toBe(201);
    const verify = await t.call('GET', api('audit/verify'), { token });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((verify.json() as { firstBreak: unknown }).firstBreak).toBeNull();
    server.child.kill('SIGTERM');
    await server.exited;

    // Check the stored rows directly (PGlite is single-process: the server is stopped first).
    const database = await openDatabase({ databaseUrl: target.databaseUrl || null, dataDir: target.dataDir });
    try {
      const patients = await rows<{
        id: number;
        mrns: number;
        phones: number;
        races: number;
        eth: number;
        audits: number;
      }>(
        database.db,
        sql`
        select p.id,
          (select count(*)::int from patient_mrns m where m.patient_id = p.id) as mrns,
          (select count(*)::int from patient_phone_numbers ph where ph.patient_id = p.id) as phones,
          (select count(*)::int from patient_races r where r.patient_id = p.id) as races,
          (select count(*)::int from patient_ethnicities e where e.patient_id = p.id) as eth,
          (select count(*)::int from audit_events a where a.entity = 'patient' and a.entity_id = p.id::text and a.action = 'create') as audits
        from patients p where p.institution_id = ${inst} and p.father_name = ${FATHER}`,
      );
      const orders = await rows<{ id: number; panels: number; tests: number; audits: number }>(
        database.db,
        sql`
        select o.id,
          (select count(*)::int from lims_ordered_panels op where op.lims_order_id = o.id) as panels,
          (select count(*)::int from lims_ordered_tests ot join lims_ordered_panels op on op.id = ot.lims_ordered_panel_id where op.lims_order_id = o.id) as tests,
          (select count(*)::int from audit_events a where a.entity = 'limsOrder' and a.entity_id = o.id::text) as audits
        from lims_orders o where o.institution_id = ${inst} and o.patient_id = ${lab.patient.id}`,
      );
      const whole = { mrns: 2, phones: 2, races: 1, eth: 1, audits: 1 };
      const halfPatients = patients.filter((p) =>
        Object.entries(whole).some(([k, v]) => p[k as keyof typeof whole] !== v),
      );
      const halfOrders = orders.filter((o) => o.panels !== 2 || o.tests !== expectedTests || o.audits !== 1);
      expect(halfPatients, 'participants missing part of their registration').toEqual([]);
      expect(halfOrders, 'orders missing panels, tests or their audit row').toEqual([]);
      const storedPatients = new Set(patients.map((p) => p.id));
      const storedOrders = new Set(orders.map((o) => o.id));
      expect(
        acked.patients.filter((id) => !storedPatients.has(id)),
        'acknowledged participants lost',
      ).toEqual([]);
      expect(
        acked.orders.filter((id) => !storedOrders.has(id)),
        'acknowledged orders lost',
      ).toEqual([]);
      const chains = await verifyAuditChains(database.db);
      expect(
        chains.filter((c) => c.firstBreak),
        'broken audit chains',
      ).toEqual([]);
      console.info(
        `crash ${kind}: ${WRITES} writes fired, killed after ${killedAt} acknowledgements (${ackedCount} acknowledged: ${acked.patients.length} participants, ${acked.orders.length} orders; ${failed} cut off) in ${runMs} ms; ` +
          `restart ${restartMs} ms; recovered ${patients.length} participants and ${orders.length} orders whole (${patients.length + orders.length - ackedCount} committed but never acknowledged), 0 half-written; ` +
          `audit chains ${chains.length} ok, ${chains.reduce((n, c) => n + c.rows, 0)} rows`,
      );
    } finally {
      await database.close();
    }
  }, 300_000);
});
