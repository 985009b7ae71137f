import { describe, expect, it } from 'vitest';
import { testApp, json } from '../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

const t = await testApp();

describe('platform', () => {
  it('health checks the database', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document with the platform routes', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(res).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/Authentication/login', '/api/institutions', '/api/users']));
  });

  it('sets security headers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  // Helmet's headers are computed once at start (platform/security-headers.ts): every answer still carries all of
  // them, the same on a success, a refusal before the route's work (401), a 404 and the web app's fallback.
  it('sets every security header on every kind of answer', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const res of [
      await t.call('GET', '/api/health'),
      await t.app.inject({ method: 'GET', url: '/api/users' }),
      await t.call('GET', '/api/nothing-here'),
      await t.call('GET', '/some/screen'),
    ]) {
      expect(res.headers).toMatchObject(expected);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('unknown /api paths are problem+json 404s', async () => {
    const res = await t.call('GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(json(res).title).toBeTruthy();
  });

  it('malformed JSON is a 400 with a title, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).title).toBe('The request body is not valid JSON.');
  });

  it('logs one line per request: request id, method, route, status and time (never the url)', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const database = { db: t.db, kind: 'pglite' } as Database;
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: 'memory://', WEB_DIST: '/nonexistent' }),
      database,
      logger: { level: 'info', stream },
    });
    try {
      // The route, never the url: a query string holds search terms (health takes none: ?x=1 is refused).
      const refused = await app.inject({
        method: 'GET',
        url: '/api/health?x=1',
        headers: { 'x-request-id': 'req-one' },
      });
      const denied = await app.inject({ method: 'GET', url: '/api/users' });
      expect([refused.statusCode, denied.statusCode]).toEqual([400, 401]);
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.reqId);
    expect(requests.map((l) => [l.reqId === 'req-one', l.method, l.route, l.statusCode, l.msg, l.url])).toEqual([
      [true, 'GET', '/api/health', 400, 'request completed', undefined],
      [false, 'GET', '/api/users', 401, 'request completed', undefined],
    ]);
    expect(requests.every((l) => typeof l.durationMs === 'number')).toBe(true);
  });
});
