import { beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { testApp } from './harness';
import { signedIn } from './factories';
import { expectProblem, fillPath, routeTable } from './route-table';
import { arbitraryOf, encode, hostile, toQuery } from './zod-arbitrary';
import { fieldNames } from '../platform/case-insensitive';

// Issue 9: bodies, queries and path ids generated from each route's zod contract, for every route
// of the route table, as a Super Administrator in a real institution; fixed seed, bounded runs.
const t = await testApp();
let token = '';
let instId = 0;
const RUNS_PER_ROUTE = 10;
const SEED = 9009;

beforeAll(async () => {
  const s = await signedIn(t, ['Super Administrator']);
  token = s.token;
  instId = s.institution.id;
});

it('no route answers 500 to generated input, and every 4xx is a titled problem', async () => {
  // Sign-out last: it ends the session the other calls use.
  const routes = routeTable(t).sort((a, b) => Number(/logout/i.test(a.url)) - Number(/logout/i.test(b.url)));
  // Ids other than the institution are far from real rows, so the run cannot disable its own account.
  const otherId = fc.oneof(
    { arbitrary: fc.integer({ min: 2_000_000, max: 2_147_483_647 }).map(String), weight: 3 },
    { arbitrary: hostile.map(encode), weight: 1 },
  );
  let cases = 0;
  const started = Date.now();
  for (const [i, r] of routes.entries()) {
    const input = fc.record({
      ids: fc.array(otherId, { minLength: 5, maxLength: 5 }),
      body: r.schema.body ? arbitraryOf(r.schema.body as z.ZodType) : fc.constant(undefined),
      query: r.schema.querystring ? arbitraryOf(r.schema.querystring as z.ZodType) : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ ids, body, query }) => {
        let n = 0;
        const url =
          fillPath(r, (name) => (name === 'instId' ? String(instId) : ids[n++ % ids.length])) + toQuery(query);
        const res = await t.call(r.method, url, { token, body: body === undefined && r.schema.body ? {} : body });
        cases++;
        expectProblem(res, `${r.method} ${url} ${JSON.stringify(body)?.slice(0, 300)}`);
      }),
      { seed: SEED + i, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  }
  expect(cases).toBe(routes.length * RUNS_PER_ROUTE);
  console.info(`fuzz: ${routes.length} routes, ${cases} cases, ${Date.now() - started} ms`);
}, 240_000);

// Issue 26: bodies too deep or too wide for any route, and bodies just inside the bounds; every answer
// a titled problem below 500, on PGlite and on PostgreSQL (CI runs this file with DATABASE_URL too).
it('no route with a body answers 500 to deep or wide JSON', async () => {
  // The first test signed its account out last: a new one.
  const { token } = await signedIn(t, ['Super Administrator'], { id: instId });
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
  for (const r of routes) {
    const url = fillPath(r, (name) => (name === 'instId' ? String(instId) : '2000000'));
    for (const [what, payload] of bodies) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload,
      });
      expectProblem(res, `${r.method} ${url} ${what}`);
      expect(res.statusCode, `${r.method} ${url} ${what}`).toBeGreaterThanOrEqual(400);
    }
  }
  console.info(
    `fuzz: ${routes.length} routes with a body, ${routes.length * bodies.length} deep or wide bodies, ${Date.now() - started} ms`,
  );
}, 240_000);

// Issue 27 item 6: every GET route, with generated input for its own parameters plus one generated name it
// does not declare, answers 400 naming that parameter (nothing a client sends is ignored).
it('every GET route answers an undeclared query parameter with a 400 naming it', async () => {
  const { token } = await signedIn(t, ['Super Administrator'], { id: instId });
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
