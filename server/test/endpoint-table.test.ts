import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints';
import type { EndpointDef } from '../../contract/endpoint';
import { type TestApp, testApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.app.close();
});

const rows = (): [string, EndpointDef][] =>
  Object.entries(allEndpoints).flatMap(([area, table]) =>
    Object.entries(table).map(([name, e]): [string, EndpointDef] => [`${area}.${name}`, e]),
  );

describe('the endpoint table (contract/endpoints.ts)', () => {
  it('serves every row at its method and path, registered from that row', () => {
    const served = new Map(t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    const missing = rows()
      .filter(([, e]) => served.get(`${e.method} /api${e.path}`)?.endpoint !== e)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('holds every /api route', () => {
    const outside = t.app.apiRoutes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(outside).toEqual([]);
  });

  it('names each path parameter in its params schema, and only those', () => {
    for (const [name, e] of rows()) {
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      expect(Object.keys(e.params?.shape ?? {}).sort(), name).toEqual(inPath);
    }
  });

  // Spec 2 §7's one-answer fill says what happened by status: 201 stored, 200 already stored, 204 nothing to store.
  const SEVERAL_STATUSES = new Set(['forms.addValue']);
  it('gives each row one success status', () => {
    for (const [name, e] of rows())
      expect(Object.keys(e.response).length, name).toBe(SEVERAL_STATUSES.has(name) ? 3 : 1);
  });
});
