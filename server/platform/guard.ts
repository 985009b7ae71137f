import type { FastifyInstance } from 'fastify';
import { type AuthAccount, belongsTo, requirePermission } from './context';
import { notFound, unauthorized, validationProblem } from './errors';
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
 * and whether the roles of its membership there grant the route's permission (403).
 */
export function registerGuard(app: FastifyInstance, resolveToken: ResolveToken) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.permission) {
      throw new Error(`${route.method} ${route.url} declares no permission`);
    }
  });

  app.addHook('preValidation', async (req) => {
    const permission = req.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
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
  });
}
