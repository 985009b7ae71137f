import { beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { testApp, pagination } from './harness';
import { signedIn } from './factories';
import { expectProblem, fillPath, pathParams, routeTable } from './route-table';
import { auditEvents } from '../platform/audit.table';

// Issue 9 items 2, 7, 8: one test per bad-input class over every route of the route table.
const t = await testApp();
let token = '';
let instId = 0;
const routes = () => routeTable(t);

beforeAll(async () => {
  const s = await signedIn(t, ['Super Administrator']);
  token = s.token;
  instId = s.institution.id;
});

const BAD_IDS = ['2147483648', '0x1', '%201', '1e3', '01'];

describe('no 500 for any input (issue 9 item 2)', () => {
  it('a non-canonical or out-of-range id in any path is 400 signed in and 401 anonymous', async () => {
    let calls = 0;
    for (const r of routes().filter((x) => pathParams(x).length)) {
      for (const param of pathParams(r)) {
        for (const bad of BAD_IDS) {
          const url = fillPath(r, (name) => (name === param ? bad : name === 'instId' ? String(instId) : '1'));
          const res = await t.call(r.method, url, { token, body: r.schema.body ? {} : undefined });
          expectProblem(res, `${r.method} ${url}`);
          expect(res.statusCode, `${r.method} ${url}`).toBe(400);
          calls += 1;
        }
        // Anonymous, the guard answers first: 401 whatever the id.
        const anon = await t.call(
          r.method,
          fillPath(r, (name) => (name === param ? BAD_IDS[0] : '1')),
          { body: r.schema.body ? {} : undefined },
        );
        expect(anon.statusCode, `anonymous ${r.method} ${r.url}`).toBe(r.permission === 'public' ? 400 : 401);
      }
    }
    expect(calls).toBeGreaterThan(500);
  }, 180_000);

  it('text with a NUL character is 400 in any body or query, the login included', async () => {
    for (const r of routes()) {
      const url = fillPath(r, (name) => (name === 'instId' ? String(instId) : '1'));
      if (r.schema.body) {
        const res = await t.call(r.method, url, {
          token,
          body: { title: 'a\u0000b', userName: '\u0000', nested: [{ x: 'y\u0000' }] },
        });
        expectProblem(res, `${r.method} ${url}`);
        expect(res.statusCode, `${r.method} ${url}`).toBe(400);
      }
      if (r.schema.querystring) {
        const res = await t.call(r.method, `${url}?searchTerm=a%00b`, { token });
        expectProblem(res, `${r.method} ${url}?searchTerm=NUL`);
        expect(res.statusCode).toBe(400);
      }
    }
    const login = await t.call('POST', '/api/Authentication/login', {
      body: { userName: 'admin\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().title).toMatch(/NUL/);
  });

  it('impossible dates and out-of-range numbers in every body field answer below 500', async () => {
    for (const r of routes().filter((x) => x.schema.body)) {
      const url = fillPath(r, (name) => (name === 'instId' ? String(instId) : '1'));
      const shape = (r.schema.body as { _zod?: { def?: { shape?: object } } })._zod?.def?.shape ?? {};
      for (const bad of ['2019-02-29', '0000-01-01', 2147483648, -2147483649, 1e308]) {
        const body = Object.fromEntries(Object.keys(shape).map((k) => [k, bad]));
        expectProblem(await t.call(r.method, url, { token, body }), `${r.method} ${url} ${String(bad)}`);
      }
    }
  });

  it('an impossible birth date is a 400 naming the field', async () => {
    const res = await t.call('POST', `/api/institutions/${instId}/patients`, {
      token,
      body: { birthDate: '2019-02-29' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.birthDate).toEqual(['Not a valid date']);
  });
});

describe('the OpenAPI document tells the truth (issue 9 item 7)', () => {
  it('validates, and every route lists its problems as application/problem+json', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    await SwaggerParser.validate(structuredClone(doc));
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        const problems = Object.keys(op.responses).filter((s) => s >= '400' && s < '500');
        if (path !== '/api/health') expect(problems.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const s of problems)
          expect(Object.keys(op.responses[s].content ?? {}), `${method} ${path} ${s}`).toEqual([
            'application/problem+json',
          ]);
      }
    }
    expect(Object.keys(doc.paths['/api/institutions/{instId}/labels/pdf'].post.responses['200'].content)).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(doc.paths['/api/institutions/{instId}/labels/zpl'].post.responses['200'].content)).toEqual([
      'text/plain',
    ]);
    expect(Object.keys(doc.paths['/api/Authentication/login'].post.responses)).toContain('429');
  });
});

describe('paged lists are capped (issue 9 item 8)', () => {
  it('every list answers at most 1000 rows and says so in X-Pagination', async () => {
    for (const r of routes().filter((x) => x.method === 'GET' && x.schema.querystring)) {
      const shape = (r.schema.querystring as { _zod: { def: { shape: object } } })._zod.def.shape;
      if (!('pageSize' in shape)) continue;
      const url = fillPath(r, (name) => (name === 'instId' ? String(instId) : '1'));
      const res = await t.call('GET', `${url}?PageSize=50000`, { token });
      expectProblem(res, url);
      if (res.statusCode === 200) expect(pagination(res).PageSize, url).toBe(1000);
    }
  });

  it('audit events beyond 1000 come 1000 at a time with the true total', async () => {
    await t.db.insert(auditEvents).values(
      Array.from({ length: 1005 }, (_, i) => ({
        institutionId: instId,
        entity: 'bulk',
        entityId: String(i),
        action: 'create',
      })),
    );
    const res = await t.call('GET', `/api/institutions/${instId}/auditEvents?PageSize=50000&entity=bulk`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1000);
    expect(pagination(res)).toMatchObject({ TotalCount: 1005, PageSize: 1000, TotalPages: 2 });
  });
});
