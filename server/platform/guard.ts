import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../contract/permissions.contract';
import { type AuthAccount, belongsTo, requirePermission } from './context';
import { notFound, unauthorized, validationProblem } from './errors';
import { PUBLIC_BODY_LIMIT } from './body-limits';
import { parseId } from '../../contract/common.contract';
import { MSG } from '../../contract/messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes under {instId} that any signed-in account may read (spec 1 §7: sites of any institution). */
    anyInstitution?: boolean;
  }
}

/**
 * The signed-in account of a bearer token, or null (unknown, revoked, disabled); it may throw a 401
 * naming why a session ended. The auth module provides it (app.ts passes it in), so platform does
 * not import a module.
 */
export type ResolveToken = (token: string) => Promise<AuthAccount | null>;

/**
 * One permission check for every route (ARCHITECTURE §5): who is signing in (bearer token),
 * whether the account belongs to the institution in the path (404 otherwise, never its data),
 * and whether the roles of its membership there grant the route's permission (403). It runs in
 * onRequest, before the body is read (issue 26, docs/decisions/0003).
 */
export function registerGuard(app: FastifyInstance, resolveToken: ResolveToken) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.permission) {
      throw new Error(`${route.method} ${route.url} declares no permission`);
    }
    // Anyone may send these a body: a few fields at most (sign-in).
    if (route.config?.permission === 'public')
      route.bodyLimit = Math.min(route.bodyLimit ?? PUBLIC_BODY_LIMIT, PUBLIC_BODY_LIMIT);
  });

  // onRequest: the route is matched and its path parameters are known, but no byte of the body is
  // read yet; an unauthenticated or unauthorised request costs its headers and one session lookup.
  app.addHook('onRequest', async (req, reply) => {
    const permission = req.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    try {
      await authorise(req, permission);
    } catch (err) {
      // Answer and close: the server neither parses nor reads (nor waits for) the body it refused.
      if (hasBody(req)) void reply.header('Connection', 'close');
      throw err;
    }
  });

  async function authorise(req: FastifyRequest, permission: Permission | 'signedIn') {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    req.auth = token ? await resolveToken(token) : null;
    if (!req.auth) throw unauthorized();
    const raw = (req.params as Record<string, string> | undefined)?.instId;
    let institutionId: number | null = null;
    if (raw !== undefined && !req.routeOptions.config.anyInstitution) {
      const instId = parseId(raw);
      if (instId === null) throw validationProblem({ instId: [MSG.invalidId] });
      if (!belongsTo(req.auth, instId)) throw notFound('Institution');
      institutionId = instId;
    }
    // Under {instId}: the roles of that membership; elsewhere: held in at least one (ADR 0007).
    if (permission !== 'signedIn') requirePermission({ account: req.auth, institutionId }, permission);
  }
}

const hasBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
