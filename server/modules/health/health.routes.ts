import type { FastifyReply } from 'fastify';
import { HealthDown, healthEndpoints as e } from '../../../contract/health.endpoints';
import { Problem } from '../../../contract/common.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { latestCodeMigration, migrationState, type Database, type MigrationState } from '../../db/client';
import { healthErrors } from './health.errors';
import { ping } from './health.repository';

export function healthRoutes(app: App, deps: AppDeps, database: Database) {
  const route = router(app, deps);
  // Liveness: the process answers and the database runs a statement.
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

  // Readiness: the database answers and holds every migration this code ships (read once, at start). A database
  // migrated further by a newer release stays ready: migrations expand first, so this version keeps working on it
  // while a rolling upgrade replaces it (docs/operations.md "Probes", "Upgrades").
  const latest = latestCodeMigration();
  route(
    e.ready,
    async () => {
      let standing: MigrationState['standing'];
      try {
        ({ standing } = await migrationState(database.db, latest));
      } catch {
        throw healthErrors.database_down();
      }
      // 'newer' stays ready; only `migrate()` at start refuses it.
      if (standing === 'behind') throw healthErrors.migrations_behind();
      return { status: 'ready' as const, database: database.kind };
    },
    {
      problems: { 503: Problem },
      description:
        'Ready for traffic: 200 when the database answers and holds the migrations of this version, else 503.',
    },
  );
}
