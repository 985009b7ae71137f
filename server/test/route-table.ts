import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiRoute } from '../platform/openapi';
import type { TestApp } from './harness';

/** The path parameters of a route, in order (`/api/institutions/:instId/x/:id` -> instId, id). */
export const pathParams = (r: ApiRoute) => [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The route's URL with each parameter replaced by `value(name)`. */
export const fillPath = (r: ApiRoute, value: (name: string) => string) =>
  r.url.replace(/:(\w+)/g, (_, name: string) => value(name));

/** Routes that reach a device outside the server: their 502 (after the printer time limit) is the printer's, not the input's. */
const DEVICE_ROUTES = /\/labels\/print$/;
/** The app's route table, as registered (routes other modules add later join it on their own). */
export function routeTable(t: TestApp): ApiRoute[] {
  return t.app.apiRoutes.filter((r) => !DEVICE_ROUTES.test(r.url));
}

/** Every answer to bad input is a problem below 500 with a title. */
export function expectProblem(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/application\/problem\+json/);
    expect(typeof res.json().title, what).toBe('string');
  }
}
