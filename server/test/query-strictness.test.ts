import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testApp } from './harness';
import { signedIn } from './factories';
import { fillPath, routeTable } from './route-table';
import { fieldNames, unknownKeys } from '../platform/case-insensitive';
import { unknownQueryTitle } from '../../contract/messages';

// Issue 27 item 6: no query parameter is ignored silently. Every route of the route table, whatever its
// method, answers a parameter it does not declare with a 400 naming it; declared ones keep any case.
const t = await testApp();
let token = '';
let instId = 0;

beforeAll(async () => {
  const s = await signedIn(t, ['Super Administrator']);
  token = s.token;
  instId = s.institution.id;
});

const urlOf = (r: { url: string; method: string; schema: object }, id = '2000000') =>
  fillPath(r as Parameters<typeof fillPath>[0], (name) => (name === 'instId' ? String(instId) : id));
const querySchema = (r: { schema: { querystring?: unknown } }) => r.schema.querystring as z.ZodType | undefined;
// Sign-out last: it ends the session the other calls use (were the parameter not refused first).
const ordered = () => routeTable(t).sort((a, b) => Number(/logout/i.test(a.url)) - Number(/logout/i.test(b.url)));

describe('every route refuses a query parameter it does not take', () => {
  it('each route declares its query string (none declared: an empty one)', () => {
    const routes = routeTable(t);
    expect(routes.length).toBeGreaterThan(300);
    for (const r of routes) expect(querySchema(r), `${r.method} ${r.url}`).toBeDefined();
  });

  it('a misspelt filter is 400 naming it, on every route and method, before the body is read', async () => {
    const routes = ordered();
    for (const r of routes) {
      const res = await t.call(r.method, `${urlOf(r)}?GenderIds2=1`, {
        token,
        body: r.method === 'GET' ? undefined : {},
      });
      const what = `${r.method} ${r.url}: ${res.body.slice(0, 300)}`;
      expect(res.statusCode, what).toBe(400);
      const problem = res.json();
      expect(problem.title, what).toBe(unknownQueryTitle('GenderIds2'));
      expect(problem.code, what).toBe('unknown_query_parameter');
      expect(Object.keys(problem.errors), what).toEqual(['GenderIds2']);
    }
  }, 120_000);

  it('names every unknown parameter under its own name, and says what the call takes', async () => {
    const res = await t.call('GET', `/api/institutions/${instId}/genders?Foo=1&pagenumber=1&Bar=2`, { token });
    expect(res.statusCode).toBe(400);
    const problem = res.json();
    expect(problem.title).toBe("Unknown query parameter 'Foo'");
    expect(Object.keys(problem.errors)).toEqual(['Foo', 'Bar']);
    expect(problem.errors.Foo[0]).toBe(
      'Not a query parameter of this call (it takes PageNumber, PageSize, SearchTerm, IsEnabled)',
    );
    const none = await t.call('GET', `/api/institutions/${instId}/patients/count?IsEnabled=true`, { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.IsEnabled).toEqual(['This call takes no query parameters']);
  });

  it('a parameter that only differs in case from a declared one is that one, on every route', () => {
    for (const r of routeTable(t)) {
      const schema = querySchema(r)!;
      for (const key of fieldNames(schema)) {
        const variants = {
          [key.toUpperCase()]: '1',
          [key.toLowerCase()]: '1',
          [key.charAt(0).toUpperCase() + key.slice(1)]: '1',
        };
        expect(unknownKeys(variants, schema), `${r.method} ${r.url} ${key}`).toEqual([]);
      }
    }
  });

  it('names that are not fields of any object stay unknown (prototype names, odd characters)', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'pageNumber2', 'page_number', 'Page%20Size']) {
      const res = await t.call('GET', `/api/institutions/${instId}/genders?${name}=1`, { token });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('unknown_query_parameter');
    }
    const proto = await t.call('GET', `/api/institutions/${instId}/genders?__proto__=1`, { token });
    expect(proto.statusCode).toBe(400);
    const control = await t.call('GET', `/api/institutions/${instId}/genders?a%07b=1`, { token });
    expect(control.json().title).toBe("Unknown query parameter 'a?b'");
    const long = await t.call('GET', `/api/institutions/${instId}/genders?${'x'.repeat(300)}=1`, { token });
    expect(long.json().title).toBe(`Unknown query parameter '${'x'.repeat(100)}…'`);
  });
});

describe('what the spec and the web send still works', () => {
  it("the general list parameters, in the spec's spelling and in any case, on a list", async () => {
    for (const q of [
      'IsEnabled=true&SearchTerm=&PageNumber=1&PageSize=10',
      'isenabled=TRUE&searchterm=a&pagenumber=2&pagesize=5',
      'ISENABLED=1',
    ]) {
      const res = await t.call('GET', `/api/institutions/${instId}/genders?${q}`, { token });
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('spec 1 §7: GET patients/{id}/patientMRNs?IsEnabled=true, and the other child lists', async () => {
    const patients = await t.call('GET', `/api/institutions/${instId}/patients?PageSize=1`, { token });
    expect(patients.statusCode).toBe(200);
    const missing = await t.call('GET', `/api/institutions/${instId}/patients/2000000/patientMRNs?IsEnabled=true`, {
      token,
    });
    // An unknown participant: its 404, not a refusal of the spec's parameter.
    expect(missing.statusCode).toBe(404);
  });

  it('a list of ids: the parameter repeated, comma-separated, or both', async () => {
    const base = `/api/institutions/${instId}/collectionProtocols/2000000/collectionProtocolParticipants`;
    for (const q of ['GenderIDs=1&GenderIDs=2', 'GenderIDs=1,2', 'genderids=1,2&GENDERIDS=3', 'GenderIDs=']) {
      const res = await t.call('GET', `${base}?${q}`, { token });
      // The protocol does not exist: 404 shows the parameter was taken (a refused one is 400).
      expect(res.statusCode, q).toBe(404);
    }
    const bad = await t.call('GET', `${base}?GenderIDs=1,x`, { token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^genderIds/);
  });

  it('a parameter given twice where one value is expected is refused, not one of them picked', async () => {
    const res = await t.call('GET', `/api/institutions/${instId}/genders?PageSize=1&PageSize=2`, { token });
    expect(res.statusCode).toBe(400);
  });
});
