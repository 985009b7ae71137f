import { beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { testApp } from './harness';
import { signedIn } from './factories';
import { expectProblem, fillPath, routeTable } from './route-table';
import { arbitraryOf, encode, toQuery } from './zod-arbitrary';
import { fieldNames } from '../platform/case-insensitive';
import { sentStatementsWithTransactions } from './sent-statements';

// Hostile shapes that the body guard, the route's schema or the query check refuse: bodies too deep or too wide, and
// query parameters no route declares. Their values never reach a statement (the first test checks what does: the
// session, the path's ids, the sign-in's counts), so the kind of database cannot change an answer and CI runs this
// file once, in the 'fast' project on PostgreSQL (vitest.config.ts). Generated values that do reach statements are
// fuzz.test.ts, which runs on both kinds.
const t = await testApp();
let token = '';
let instId = 0;
const SEED = 9009;

beforeAll(async () => {
  const s = await signedIn(t, ['Super Administrator']);
  token = s.token;
  instId = s.institution.id;
});

// Issue 26: bodies too deep or too wide for any route, and bodies just inside the bounds; every answer
// a titled problem below 500.
it('no route with a body answers 500 to deep or wide JSON', async () => {
  const routes = routeTable(t).filter((r) => r.schema.body);
  const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;
  const list = (n: number, item: string) => `[${Array.from({ length: n }, () => item).join(',')}]`;
  const bodies: [string, string][] = [
    ['10,000 nested arrays', '['.repeat(10_000) + ']'.repeat(10_000)],
    ['10,000 nested objects', '{"a":'.repeat(10_000) + 'null' + '}'.repeat(10_000)],
    ['65 levels inside a field', `{"title":${'['.repeat(65)}${']'.repeat(65)},"name":"x"}`],
    ['63 levels inside a field', `{"title":${'[{"a":'.repeat(31)}1${'}]'.repeat(31)}}`],
    ['20,000 keys', keys(20_000)],
    ['9,999 keys', keys(9_999)],
    ['200,000 numbers', list(200_000, '0')],
    ['9,999 empty objects', list(9_999, '{}')],
    ['30 lists of 9,000', list(30, list(9_000, '0'))],
  ];
  expect(routes.length).toBeGreaterThan(50);
  const started = Date.now();
  // A body the guard or the route's schema refuses never reaches the handler. The few a route's schema accepts reach
  // at most the session read and a lookup of the path's ids (2000000: none exists), answered 404, or the sign-in's
  // attempt counts, answered 401: statements fuzz.test.ts already sends on both database kinds with hostile values.
  let reachedHandler = 0;
  for (const r of routes) {
    const url = fillPath(r, (name) => (name === 'instId' ? String(instId) : '2000000'));
    for (const [what, payload] of bodies) {
      let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const sent = await sentStatementsWithTransactions(t.db, async () => {
        res = await t.app.inject({
          method: r.method as 'POST',
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload,
        });
      });
      expectProblem(res!, `${r.method} ${url} ${what}`);
      expect(res!.statusCode, `${r.method} ${url} ${what}`).toBeGreaterThanOrEqual(400);
      if (sent.some((q) => !q.includes('from "sessions"'))) {
        reachedHandler++;
        expect([401, 404], `${r.method} ${url} ${what}: ${sent.join(' | ').slice(0, 300)}`).toContain(res!.statusCode);
      }
    }
  }
  expect(reachedHandler, 'bodies that reached a handler').toBeLessThan(routes.length);
  console.info(
    `fuzz: ${routes.length} routes with a body, ${routes.length * bodies.length} deep or wide bodies, ${Date.now() - started} ms`,
  );
}, 240_000);

// Issue 27 item 6: every GET route, with generated input for its own parameters plus one generated name it
// does not declare, answers 400 naming that parameter (nothing a client sends is ignored).
it('every GET route answers an undeclared query parameter with a 400 naming it', async () => {
  const routes = routeTable(t).filter((r) => r.method === 'GET');
  expect(routes.length).toBeGreaterThan(150);
  let cases = 0;
  for (const [i, r] of routes.entries()) {
    const schema = r.schema.querystring as z.ZodType;
    const declared = new Set(fieldNames(schema).map((k) => k.toLowerCase()));
    const input = fc.record({
      query: arbitraryOf(schema),
      name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,24}$/).filter((n) => !declared.has(n.toLowerCase())),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ query, name }) => {
        const known = toQuery(query);
        const url = `${fillPath(r, (p) => (p === 'instId' ? String(instId) : '2000000'))}${known || '?'}${known ? '&' : ''}${encode(name)}=1`;
        const res = await t.call('GET', url, { token });
        cases++;
        expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(400);
        expect(res.json().errors, url).toHaveProperty([name]);
        expect(res.json().title, url).toBe(`Unknown query parameter '${name}'`);
      }),
      { seed: SEED + 500 + i, numRuns: 5, endOnFailure: true },
    );
  }
  console.info(`fuzz: ${routes.length} GET routes, ${cases} undeclared parameters`);
}, 240_000);
