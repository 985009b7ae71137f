import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { Config } from '../config';
import type { HeavyReadDb } from './heavy-reads';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route modules receive from the composition root. */
export interface AppDeps {
  db: Db;
  /** Reports and exports: statements may run longer, on a pool of their own (server/db/client.ts). */
  reportDb: Db;
  /**
   * The database of one heavy read: the replica (DATABASE_READ_URL), or reportDb when there is none or the session
   * wrote within READ_YOUR_WRITES_MS (platform/heavy-reads.ts). Routes get it as ctx.db by registering through
   * `router(app, deps, { heavyReads: true })`.
   */
  heavyReadDb: HeavyReadDb;
  config: Config;
  now: () => Date;
}
