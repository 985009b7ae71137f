// Issue 34 item 1: two real API processes (server/main.ts, WORKERS=1 each, as e2e starts one) on ONE PostgreSQL
// database, and the races and session rules run across them. The fixtures are made through an in-process app on
// the same database (server/test/harness.ts); every raced or checked request goes over HTTP to process A or B.
// Skipped on PGlite: its database belongs to the one process that opened the data directory.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../contract/orders.contract';
import { spawnServer, type ServerProcess } from '../../e2e/server-process';
import { createAccount, PASSWORD, signedIn } from './factories';
import { rowsOf } from '../db/client';
import { urlFor } from './databases';
import { testApp, json, type TestApp } from './harness';
import { labSetup } from './orders-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { nodePath, storageChain, storageRefs } from './storage-fixtures';

const POSTGRES = Boolean(process.env.DATABASE_URL);
/** 15 s: short enough to wait out in a test, long enough that no fixture's session sits idle that long. */
const IDLE_MINUTES = 0.25;
const IDLE_MS = IDLE_MINUTES * 60_000 + Math.min(60_000, IDLE_MINUTES * 1000); // + R (auth.service.ts seenRefreshMs)
const MAX_FAILURES = 5;

type Problem = { title: string; code?: string; status: number };
interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/** One request to a server process with the account's token. */
async function call(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}
const parsed = <T>(a: Answer) => JSON.parse(a.body) as T;

async function login(server: ServerProcess, userName: string, password = PASSWORD) {
  return call(server, 'POST', '/api/Authentication/login', { body: { userName, password } });
}
async function tokenFrom(server: ServerProcess, userName: string) {
  const res = await login(server, userName);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return parsed<{ token: string }>(res).token;
}
const me = (server: ServerProcess, token: string) => call(server, 'GET', '/api/Authentication/me', { token });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!POSTGRES)(
  'two API processes on one PostgreSQL database (issue 34; skipped without DATABASE_URL: PGlite is one process)',
  () => {
    let t: TestApp;
    let a: ServerProcess;
    let b: ServerProcess;
    let both: ServerProcess[];
    let institution: Awaited<ReturnType<typeof signedIn>>['institution'];
    let account: Awaited<ReturnType<typeof signedIn>>['account'];
    let token = '';
    let inst = 0;

    beforeAll(async () => {
      // Its clock stands still (harness.ts): its own sessions never idle, and the HTTP calls below sign in afresh.
      t = await testApp();
      const [{ name }] = await rowsOf<{ name: string }>(t.db, sql`select current_database() as name`);
      const env = {
        DATABASE_URL: urlFor(process.env.DATABASE_URL!, name),
        WORKERS: '1',
        WEB_DIST: '/none',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'Two-Processes-34',
        SESSION_IDLE_MINUTES: String(IDLE_MINUTES),
        // A minute: a session that ends on one process is refused on the other only if the database's notification
        // reaches it (the cache's own limit would take a minute), and idleness is not decided from a stale cached row.
        SESSION_CACHE_MS: '60000',
        LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      };
      // Both start at once on the migrated, empty database: each runs the first-start seeding, which creates it once.
      [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
      both = [a, b];
      ({ institution, account, token } = await signedIn(t));
      inst = institution.id;
    }, 240_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('one position allocated from both at once: exactly one 201, every other a 409 naming the position', async () => {
      const chain = await storageChain(t, inst, token, await storageRefs(t, inst, token), { Rows: 3, Columns: 3 });
      const url = nodePath(inst, chain.ids);
      const positions = json<{ id: number; code: string }[]>(
        await t.call('GET', `${url}/StorageContainerBoxPositions`, { token }),
      );
      const c3 = positions.find((p) => p.code === 'C3')!;
      const donor = await sampleSetUp(t, institution, token);
      const samples = [];
      for (let i = 0; i < 20; i++) samples.push(await donor.sample());
      const racer = await tokenFrom(a, account.email);
      const occupancies = `${url}/StorageContainerBoxPositions/${c3.id}/StorageContainerBoxPositionOccupancies`;
      // Even samples through A, odd through B, all sent before any answer.
      const answers = await Promise.all(
        samples.map((s, i) =>
          call(both[i % 2], 'POST', occupancies, { token: racer, body: { CollectedSampleID: s.id } }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 201),
        answers[0].body,
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      // Each process refused some: the loser's answers came from both.
      expect(new Set(answers.flatMap((r, i) => (r.status === 409 ? [i % 2] : []))).size).toBe(2);
      for (const r of answers.filter((x) => x.status === 409)) {
        expect(parsed<Problem>(r).code).toBe('storage.position_occupied');
        expect(parsed<Problem>(r).title).toMatch(
          /^Position C3 of Box is already occupied( by sample \S+)?: choose a free position\.$/,
        );
      }
      const after = json<{ code: string; occupied: boolean }[]>(
        await t.call('GET', `${url}/StorageContainerBoxPositions`, { token }),
      );
      expect(after.filter((p) => p.occupied).map((p) => p.code)).toEqual(['C3']);
    });

    it("one result saved with the same stamp from both: exactly one 200, the others 409, the winner's value kept", async () => {
      const lab = await labSetup(t, inst, token);
      const placed = await t.call('POST', `/api/institutions/${inst}/LIMSOrders/place`, {
        token,
        body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = json<{ id: number }[]>(placed)[0].id;
      const detail = async () =>
        json<OrderDetail>(await t.call('GET', `/api/institutions/${inst}/LIMSOrders/${orderId}`, { token }));
      const glucose = (d: OrderDetail) =>
        d.orderedPanels.flatMap((p) => p.orderedTests).find((x) => x.test.title.startsWith('Glucose'))!.testResult;
      const before = glucose(await detail());
      const racer = await tokenFrom(b, account.email);
      const values = Array.from({ length: 20 }, (_, i) => (3.5 + i / 10).toFixed(1));
      const answers = await Promise.all(
        values.map((result, i) =>
          call(both[i % 2], 'PUT', `/api/institutions/${inst}/LIMSOrders/${orderId}/results`, {
            token: racer,
            body: { results: [{ resultId: before.id, result, concurrencyStamp: before.concurrencyStamp }] },
          }),
        ),
      );
      const ok = answers.filter((r) => r.status === 200);
      expect(ok, answers[0].body).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
      const winner = glucose(parsed<OrderDetail>(ok[0]));
      expect(glucose(await detail())).toMatchObject({
        result: winner.result,
        concurrencyStamp: winner.concurrencyStamp,
      });
      const verify = json<{ firstBreak: unknown }>(
        await t.call('GET', `/api/institutions/${inst}/audit/verify`, { token }),
      );
      expect(verify.firstBreak).toBeNull();
    });

    it('a session created on A is valid on B; logged out on B, it is refused on A at once (the notification, not the cache)', async () => {
      const session = await tokenFrom(a, account.email);
      expect((await me(b, session)).status).toBe(200);
      expect((await me(a, session)).status).toBe(200); // A has it cached now (SESSION_CACHE_MS: a minute)
      expect((await call(b, 'POST', '/api/Authentication/logout', { token: session })).status).toBe(204);
      // The logout's notification reaches A within milliseconds; the cache alone would keep the session for a minute.
      const started = Date.now();
      let status = (await me(a, session)).status;
      while (status === 200 && Date.now() - started < 5_000) {
        await sleep(50);
        status = (await me(a, session)).status;
      }
      expect(status).toBe(401);
      expect((await me(b, session)).status).toBe(401);
    });

    it(
      'a session silent for the idle limit is ended on B; one kept busy through A is not, though B cached it earlier',
      async () => {
        const silent = await tokenFrom(a, account.email);
        const busy = await tokenFrom(a, account.email);
        // B reads (and caches) both now.
        expect((await me(b, silent)).status).toBe(200);
        expect((await me(b, busy)).status).toBe(200);
        const until = Date.now() + IDLE_MS + 1_000;
        while (Date.now() < until) {
          expect((await me(a, busy)).status).toBe(200);
          await sleep(2_000);
        }
        const idle = await me(b, silent);
        expect(idle.status).toBe(401);
        expect(parsed<Problem>(idle).title).toMatch(/without activity/);
        // B's cached row says "idle" for busy too; the database's last_seen_at, rewritten by A, says otherwise.
        expect((await me(b, busy)).status).toBe(200);
      },
      IDLE_MS + 60_000,
    );

    it(`login throttling counts the failures made through both: ${MAX_FAILURES} alternating, then 429 on either`, async () => {
      const target = await createAccount(t, { roles: ['Technician'], institutionIds: [inst] });
      // A sees 3 failures and B 2: neither alone reached the limit.
      for (let i = 0; i < MAX_FAILURES; i++) {
        const res = await login(both[i % 2], target.email, 'wrong-password-34');
        expect(res.status, `attempt ${i + 1} through ${i % 2 ? 'B' : 'A'}`).toBe(401);
      }
      for (const server of both) {
        const res = await login(server, target.email);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });
  },
);
