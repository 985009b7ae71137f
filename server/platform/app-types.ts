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
  config: Config;
  now: () => Date;
}
