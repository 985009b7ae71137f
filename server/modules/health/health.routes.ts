import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { App } from '../../platform/app-types';
import type { Database } from '../../db/client';

export function healthRoutes(app: App, database: Database) {
  app.get('/api/health', {
    config: { permission: 'public' },
    schema: { tags: ['Health'], response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) } },
  }, async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
    }
  });
}
