import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { testApp, json } from './harness';
import { createAccount, createInstitution, login } from './factories';
import { participant, referenceIds } from './participants-fixtures';

// Issue 34 item 4: the log is JSON lines, one per request, naming the request, its route template, status,
// duration and account, and never a participant's name, MRN or phone, a password, a token or a cookie: not
// from a URL's query string, a body, a header, or a database error's text. Every line of a registration,
// searches by MRN, name and phone, a sign-in (and a failed one) and failing requests is read here.

const lines: string[] = [];
const t = await testApp({}, { log: { write: (line) => void lines.push(line) } });

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
const FIRST = `Zq${letters(8)}`;
const FATHER = `Xw${letters(8)}`;
const MRN = `MRN${randomInt(10_000_000, 99_999_999)}`;
const SITE_MRN = `SITE${randomInt(10_000_000, 99_999_999)}`;
const PHONE_DIGITS = `2519${randomInt(10_000_000, 99_999_999)}`;
const PASSWORD = `Sentinel-${randomUUID()}`;
const WRONG_PASSWORD = `Wrong-${randomUUID()}`;
const COOKIE = `device-${randomUUID()}`;

const institution = await createInstitution(t);
const account = await createAccount(t, { roles: ['Clinician'], institutionIds: [institution.id], password: PASSWORD });
const token = await login(t, account.email, PASSWORD);
const r = await referenceIds(t, institution.id, token);
const api = (p: string) => `/api/institutions/${institution.id}/${p}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, id?: string) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `lims_device=${COOKIE}`,
      ...(id ? { 'x-request-id': id } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });

/**
 * Makes the driver fail each statement whose text or parameters hold `term` with `err` (PGlite's client, or every
 * node-postgres connection); the others run.
 */
function failStatementsWith(term: string, err: Error) {
  // Search terms may travel lower-cased (case-insensitive search).
  const holds = (args: unknown[]) =>
    args.slice(0, 2).some((a) =>
      JSON.stringify(a ?? null)
        ?.toLowerCase()
        .includes(term.toLowerCase()),
    );
  const client: unknown = Reflect.get(t.db, '$client');
  if (client instanceof PGlite) {
    const query = client.query.bind(client);
    vi.spyOn(client, 'query').mockImplementation((...args) => (holds(args) ? Promise.reject(err) : query(...args)));
  } else {
    const query = pg.Client.prototype.query;
    // pg-pool's query hands the connection a callback: the failure goes there (and the connection back to the pool).
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (!holds(args)) return Reflect.apply(query, this, args);
      const callback = args.find((a) => typeof a === 'function');
      if (!callback) return Promise.reject(err);
      setImmediate(() => Reflect.apply(callback, undefined, [err]));
      return undefined;
    });
  }
}
afterEach(() => void vi.restoreAllMocks());

type Line = Record<string, unknown> & { msg: string; reqId?: string; level: number };
const parsed = () => lines.map((l) => JSON.parse(l) as Line);
const requestLines = (reqId: string) => parsed().filter((l) => l.reqId === reqId);

describe('the log (JSON lines)', () => {
  it('never holds a name, MRN, phone, password, token or cookie, whatever the request', async () => {
    const registered = await call(
      'POST',
      api('patients/register'),
      participant(r, {
        PatientMRN: MRN,
        FirstName: FIRST,
        FatherName: FATHER,
        phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: `+${PHONE_DIGITS}` }],
        siteMrns: [{ institutionSiteId: r.site, mrn: SITE_MRN }],
      }),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const patientId = json<{ id: number }>(registered).id;

    // Searches: the values travel in the query string.
    const searches = [
      api(`patients?SearchTerm=${MRN}`),
      api(`patients?SearchTerm=${FIRST}%20${FATHER}`),
      api(`patients?mrn=${SITE_MRN}&phoneNumber=%2B${PHONE_DIGITS}`),
      `/api/institutions/patientMRNs?institutionId=${institution.id}&mrn=${MRN}`,
    ];
    for (const url of searches) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(FIRST);
    }
    // A duplicate (409), refused input naming the values (400), an unknown address holding them (404).
    expect((await call('POST', api('patients/register'), participant(r, { PatientMRN: MRN }))).statusCode).toBe(409);
    expect((await call('GET', api(`patients?PageSize=${FIRST}&IsEnabled=${MRN}`))).statusCode).toBe(400);
    expect((await call('GET', `/api/patients/${MRN}?name=${FIRST}`)).statusCode).toBe(404);
    expect((await call('PUT', api(`patients/${patientId}`), { FirstName: FIRST, PatientMRN: MRN })).statusCode).toBe(
      400,
    );
    // A failed sign-in and a good one: the passwords are in the body.
    const wrong = await t.call('POST', '/api/Authentication/login', {
      body: { userName: account.email, password: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    const again = await t.call('POST', '/api/Authentication/login', {
      body: { userName: account.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const newToken = json<{ token: string }>(again).token;

    // The database refuses a value and quotes it (logged as a warning), and an unexpected error names it (500):
    // Drizzle's error repeats the statement's parameters (the search term) in its message.
    failStatementsWith(
      MRN,
      Object.assign(new Error(`invalid input syntax for type integer: "${MRN}"`), {
        code: '22P02',
        detail: `Key (mrn)=(${MRN}) is not valid`,
      }),
    );
    const refused = await call('GET', api(`patients?SearchTerm=${MRN}`), undefined, 'req-refused');
    expect(refused.statusCode, refused.body.slice(0, 200)).toBe(400);
    vi.restoreAllMocks();
    failStatementsWith(FIRST, new Error(`something broke while reading ${FIRST} ${FATHER} +${PHONE_DIGITS}`));
    const broken = await call('GET', api(`patients?SearchTerm=${FIRST}`), undefined, 'req-broken');
    expect(broken.statusCode, broken.body.slice(0, 200)).toBe(500);
    vi.restoreAllMocks();

    const secrets = [FIRST, FATHER, MRN, SITE_MRN, PHONE_DIGITS, PASSWORD, WRONG_PASSWORD, token, newToken, COOKIE];
    expect(lines.length).toBeGreaterThan(15);
    const leaks = lines.flatMap((line) => secrets.filter((s) => line.includes(s)).map((s) => `${s} in ${line}`));
    expect(leaks).toEqual([]);
    // Case and separators do not hide one either.
    const lower = lines.join('\n').toLowerCase();
    for (const s of [FIRST, FATHER, MRN]) expect(lower).not.toContain(s.toLowerCase());

    // The failing requests' errors are logged without their messages: class, SQLSTATE and stack frames.
    const [warning] = requestLines('req-refused').filter((l) => l.level === 40);
    expect(warning.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '22P02' },
      stack: expect.stringMatching(/^\s+at /),
    });
    const errors = requestLines('req-broken').filter((l) => l.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].err).toMatchObject({ type: 'DrizzleQueryError', message: expect.stringMatching(/withheld/) });
  });

  it('writes one line per request: request id, route template, status, duration, account and institution', async () => {
    const res = await call('GET', api(`patients?SearchTerm=${MRN}`), undefined, 'req-search');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-search');
    const own = requestLines('req-search');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      msg: 'request completed',
      level: 30,
      method: 'GET',
      route: '/api/institutions/:instId/patients',
      statusCode: 200,
      accountId: account.id,
      institutionId: institution.id,
    });
    expect(typeof own[0].durationMs).toBe('number');
    expect(own[0]).not.toHaveProperty('url');

    // Signed out, public and unmatched requests: no account, the route or null.
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-health' } });
    await t.app.inject({ method: 'GET', url: `/api/nothing/${MRN}`, headers: { 'x-request-id': 'req-none' } });
    expect(requestLines('req-health')).toEqual([
      expect.objectContaining({ route: '/api/health', statusCode: 200, accountId: null, institutionId: null }),
    ]);
    expect(requestLines('req-none')).toEqual([
      expect.objectContaining({ route: null, statusCode: 404, accountId: null }),
    ]);
    // Every request line carries the five.
    for (const l of parsed().filter((l) => l.msg === 'request completed')) {
      expect(typeof l.reqId).toBe('string');
      expect(l).toHaveProperty('route');
      expect(typeof l.statusCode).toBe('number');
      expect(typeof l.durationMs).toBe('number');
      expect(l).toHaveProperty('accountId');
    }
  });
});
