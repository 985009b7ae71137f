import type { FastifyReply } from 'fastify';
import { HealthDown, healthEndpoints as e } from '../../../contract/health.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import type { Database } from '../../db/client';
import { ping } from './health.repository';

export function healthRoutes(app: App, deps: AppDeps, database: Database) {
  const route = router(app, deps);
  route(
    e.health,
    async (_req, _ctx, reply) => {
      try {
        await ping(database.db);
        return { status: 'ok' as const, database: database.kind };
      } catch {
        // 503 is not the row's success answer: its schema comes with the route's problems (below).
        return (reply as FastifyReply).status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
    { problems: { 503: HealthDown } },
  );
}
