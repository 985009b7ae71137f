import { describe, expect, it } from 'vitest';
import { testApp, json } from '../test/harness';

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

  it('unknown /api paths are problem+json 404s', async () => {
    const res = await t.call('GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(json(res).title).toBeTruthy();
  });

  it('malformed JSON is a 400 with a title, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Authentication/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBe(400);
    expect(json(res).title).toBe('The request body is not valid JSON.');
  });
});
