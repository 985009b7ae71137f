import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Problem } from '../../contract/common.contract';
import type { EndpointDef } from '../../contract/endpoint';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

/**
 * Every /api route documents the problems it can answer (ARCHITECTURE §4), derived from the route
 * itself so a new route needs nothing: 400 when it takes input, 401/403 by its permission, 404 when
 * its path names a record, 409 when it writes, 429 on login.
 */
export function problemResponses(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>) {
  const permission = (route.config as { permission?: string } | undefined)?.permission;
  const s = route.schema ?? {};
  const method = String(route.method);
  const writes = method === 'POST' || method === 'PUT';
  const out: Record<number, ReturnType<typeof problem>> = {};
  if (s.params || s.body || s.querystring || writes)
    out[400] = problem('Bad input: the title names the first problem, errors lists each field');
  if (permission !== 'public') out[401] = problem('Not signed in, or the session has expired');
  if (permission !== 'public' && permission !== 'signedIn')
    out[403] = problem('The account lacks the permission this needs');
  if (route.url.includes(':')) out[404] = problem('Not found, or not in an institution of the account');
  if (writes && permission !== 'public') out[409] = problem('Conflict: a duplicate, or a stale concurrency stamp');
  if (/\/authentication\/login$/i.test(route.url)) out[429] = problem('Too many failed sign-ins: wait and try again');
  return out;
}

export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema;
  permission?: string;
  endpoint?: EndpointDef;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered (the route table the input tests and the fuzz test walk). */
    apiRoutes: ApiRoute[];
  }
}

export function registerProblemResponses(app: FastifyInstance) {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema || route.schema.hide) return;
    route.schema = {
      ...route.schema,
      response: { ...problemResponses(route), ...(route.schema.response as object | undefined) },
    };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.apiRoutes.push({
          method,
          url: route.url,
          schema: route.schema,
          permission: route.config?.permission,
          endpoint: route.config?.endpoint,
        });
    }
  });
}
