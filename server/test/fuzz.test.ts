import { beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { testApp } from './harness';
import { signedIn } from './factories';
import { expectProblem, fillPath, routeTable } from './route-table';
import { arbitraryOf, encode, hostile, toQuery } from './zod-arbitrary';

// Issue 9: bodies, queries and path ids generated from each route's zod contract, for every route
// of the route table, as a Super Administrator in a real institution; fixed seed, bounded runs. Run on both database
// kinds (vitest.config.ts DRIVER_LEVEL): generated values reach each driver, which parses and refuses them its own way.
// The inputs refused before any handler (too deep or wide, undeclared parameters) are fuzz-bounds.test.ts.
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
