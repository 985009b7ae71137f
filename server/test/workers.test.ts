// Issue 34 item 2: the server entry (server/main.ts) with WORKERS=2 on PostgreSQL forks two API processes
// (server/cluster.ts) after migrating and seeding an empty database once; a worker that dies is replaced; SIGTERM
// answers every request in flight and the primary exits 0. On PGlite it stays one process and says so.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../e2e/server-process';
import { loadConfig } from '../config';
import { backoffMs, MAX_BACKOFF_MS, WORKER_HEADER } from '../cluster';
import { openDatabase } from '../db/client';
import { databaseNames, urlFor, withClient } from './databases';

const url = process.env.DATABASE_URL;
const ADMIN = { userName: 'admin@biobank.local', password: 'Workers-Primary-34' };
const METRICS_TOKEN = 'workers-test-metrics-token-34-abcdef';

/**
 * One request on a connection of its own (no keep-alive pool: a connection to a killed worker is not reused, and
 * each new connection goes to the next worker). `sent` resolves once the whole request is written.
 */
function request(server: ServerProcess, method: string, url: string, body?: unknown, agent?: http.Agent) {
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ status: number; worker: string | null }>((resolve, reject) => {
    const req = http.request(
      `${server.baseUrl}${url}`,
      { method, agent: agent ?? false, headers: body === undefined ? {} : { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          const worker = res.headers[WORKER_HEADER.toLowerCase()];
          resolve({ status: res.statusCode ?? 0, worker: typeof worker === 'string' ? worker : null });
        });
      },
    );
    req.on('error', reject);
    req.on('finish', sent);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
  return { written, answer };
}
const workerOf = async (server: ServerProcess) => (await request(server, 'GET', '/api/health').answer).worker;
/** Asks until every id in `ids` has answered (new connections are handed to the workers in turn), or 60 s. */
async function untilAnswered(server: ServerProcess, ids: string[]) {
  const seen = new Set<string | null>();
  const deadline = Date.now() + 60_000;
  while (!ids.every((id) => seen.has(id)) && Date.now() < deadline) {
    seen.add(await workerOf(server));
    await new Promise((r) => setTimeout(r, 50));
  }
  return seen;
}
/** The log once it matches `re` (a line is read from the pipe a little after the answer it precedes), or as it is after 10 s. */
async function logOnce(server: ServerProcess, re: RegExp) {
  const deadline = Date.now() + 10_000;
  while (!re.test(server.log()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return server.log();
}
const login = (server: ServerProcess, agent?: http.Agent) =>
  request(server, 'POST', '/api/Authentication/login', ADMIN, agent);

describe('WORKERS', () => {
  it('defaults to the cores Node may use; takes 1 to 64; refuses anything else at start', () => {
    expect(loadConfig({}).workers).toBe(os.availableParallelism());
    expect(loadConfig({ WORKERS: ' 3 ' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', '65', '-1', '1.5', 'two', '2x'])
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow(/^WORKERS must be a whole number .* from 1 to 64/);
  });

  it('a crashing worker is replaced after 1 s, doubling per quick failure up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(50)).toBe(MAX_BACKOFF_MS);
  });
});

describe.skipIf(!url)('WORKERS=2 on PostgreSQL (skipped without DATABASE_URL)', () => {
  let server: ServerProcess;
  let drop = async () => {};

  beforeAll(async () => {
    // An EMPTY database: the primary migrates it and seeds the first start before any worker exists.
    const name = `${inject('pgFilePrefix') ?? databaseNames(url!).filePrefix}workers${process.pid}`;
    const recreate = (create: boolean) =>
      withClient(url!, async (c) => {
        await c.query(`drop database if exists "${name}" with (force)`);
        if (create) await c.query(`create database "${name}"`);
      });
    await recreate(true);
    drop = () => recreate(false);
    server = await spawnServer({
      DATABASE_URL: urlFor(url!, name),
      WORKERS: '2',
      WEB_DIST: '/none',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN,
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await drop();
  });

  it('the primary migrates and seeds once, then two workers answer', async () => {
    const seen = await untilAnswered(server, ['1', '2']);
    expect([...seen].sort()).toEqual(['1', '2']);
    const log = await logOnce(
      server,
      /API worker 1 [^\n]*serving[^]*API worker 2 [^\n]*serving|API worker 2 [^\n]*serving[^]*API worker 1 [^\n]*serving/,
    );
    expect(log.match(/Biobanking LIMS: first start/g)).toHaveLength(1);
    expect(log).toMatch(/"role":"primary".*2 API processes \(WORKERS=2\)/);
    // Seeded (and so migrated) before the first worker began.
    expect(log.indexOf('first start')).toBeLessThan(log.indexOf('API worker'));
    expect(log.match(/API worker \d \(pid \d+\) serving/g)).toHaveLength(2);
  });

  it("a scrape through either worker counts every worker's requests (the primary sums them)", async () => {
    const healthCount = async () => {
      const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      const line = (await res.text())
        .split('\n')
        .find(
          (l) =>
            l.startsWith('lims_http_request_duration_seconds_count{') &&
            l.includes('route="/api/health"') &&
            l.includes('status_code="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await healthCount();
    const workers = new Set<string | null>();
    for (let i = 0; i < 10; i++) workers.add(await workerOf(server));
    expect([...workers].sort()).toEqual(['1', '2']);
    // One worker alone saw about half of them: the sum is exact only when both are counted.
    expect((await healthCount()) - before).toBe(10);
  });

  it('a worker killed with SIGKILL is logged and replaced after the back-off; the other keeps serving', async () => {
    const pid = Number(/API worker 1 \(pid (\d+)\) serving/.exec(server.log())![1]);
    process.kill(pid, 'SIGKILL');
    // Once the primary has seen the exit it hands no connection to the dead worker (one handed over before could
    // wait for an answer that never comes).
    const exited = new RegExp(`API worker 1 \\(pid ${pid}\\) exited \\(signal SIGKILL\\); a new one starts in 1000 ms`);
    expect(await logOnce(server, exited)).toMatch(exited);
    expect((await login(server).answer).status).toBe(200); // worker 2 answers meanwhile
    const seen = await untilAnswered(server, ['2', '3']);
    expect(seen.has('3'), server.log().slice(-2000)).toBe(true);
  }, 120_000); // the replacement is a cold start of a whole process (tsx, the app): 6 s idle, over 30 s on a loaded CI machine

  it('SIGTERM: every request in flight is answered, the workers close, the primary exits 0', async () => {
    // 30 sign-ins (each a scrypt hash and a transaction), all written before the signal, which comes once the first
    // is answered: the rest are in the workers' hands. Kept-alive connections, one per request, as browsers and
    // balancers hold them: one left open after its answer would hold its worker's exit.
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const requests = Array.from({ length: 30 }, () => login(server, agent));
    let answered = 0;
    const statuses = requests.map((r) =>
      r.answer.then(
        (a) => {
          answered++;
          return a.status;
        },
        (err: Error) => `failed: ${err.message}`,
      ),
    );
    await Promise.all(requests.map((r) => r.written));
    await Promise.race(statuses);
    const inFlight = 30 - answered;
    server.child.kill('SIGTERM');
    expect(await Promise.all(statuses), server.log().slice(-3000)).toEqual(Array.from({ length: 30 }, () => 200));
    expect(inFlight).toBeGreaterThan(0);
    // Exit 0 well before the workers' own 20 s limit (a kept-alive connection once held them until it).
    const signalled = Date.now();
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    const log = await logOnce(server, /every API worker has stopped/);
    // The two workers alive at the signal (2 and 3 after the test above) each stopped cleanly.
    expect(log.match(/API worker \d+ stopped \(code 0\)/g)).toHaveLength(2);
    expect(log).not.toMatch(/stopped \(code [1-9]|stopped \(signal/);
    agent.destroy();
    expect(log).toMatch(/every API worker has stopped; exiting with 0/);
  });
});

describe.skipIf(Boolean(url))('WORKERS on PGlite (skipped with DATABASE_URL)', () => {
  let server: ServerProcess;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-workers-'));
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      const database = await openDatabase({
        databaseUrl: null,
        dataDir,
        snapshot: new Blob([fs.readFileSync(snapshot)]),
      });
      await database.close();
    }
    server = await spawnServer({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WORKERS: '2',
      WEB_DIST: '/none',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays one process and says so at start; SIGTERM still exits 0', async () => {
    expect(await logOnce(server, /PGlite: one API process/)).toMatch(/PGlite: one API process \(WORKERS=2 ignored\)/);
    expect(await workerOf(server)).toBeNull();
    expect((await login(server).answer).status).toBe(200);
    await server.stop();
    expect(await server.exited).toBe(0);
  });
});
