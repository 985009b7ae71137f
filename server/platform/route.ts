import type {
  ContextConfigDefault,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EndpointDef } from '../../contract/endpoint';
import type { App, AppDeps } from './app-types';
import type { Db } from '../db/client';
import { ctxOf, type Ctx, type InstCtx } from './context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint-table row the route was registered from (issue 29): every /api route has one. */
    endpoint?: EndpointDef;
  }
}

/** The fastify schema an endpoint row stands for. */
export interface SchemaOf<E extends EndpointDef> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['response'];
  tags: string[];
}

type Req<E extends EndpointDef> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  SchemaOf<E>,
  ZodTypeProvider
>;
type Reply<E extends EndpointDef> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** Under `/institutions/:instId` the context names its institution; a public route has no signed-in account. */
export type CtxFor<E extends EndpointDef> = E['permission'] extends 'public'
  ? null
  : E['path'] extends `${string}/:instId${'' | `/${string}`}`
    ? InstCtx
    : Ctx;

export type Handler<E extends EndpointDef> = (
  req: Req<E>,
  ctx: CtxFor<E>,
  reply: Reply<E>,
) => ResolveFastifyReplyReturnType<ZodTypeProvider, SchemaOf<E>, RouteGenericInterface>;

/**
 * Route options the table does not hold (a larger body limit for an import, a description, a summary; preValidation
 * for a nested list that takes its parent from the path before the body is validated), and problem answers of its
 * own beyond those derived from the route (platform/openapi.ts): a 413, a 503.
 */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'preValidation'> & {
  description?: string;
  summary?: string;
  problems?: Record<number, unknown>;
};

/**
 * The one way to register an /api route: from its endpoint-table row (contract/<area>.endpoints.ts).
 * The row gives method, path, schemas and permission; the handler receives the request, the caller's
 * context (with its institution under /institutions/:instId) and the reply.
 */
/**
 * `{ heavyReads: true }`: the one way to mark routes as heavy reads (reports, exports, the audit log, catalogue and
 * query-builder reads; docs/operations.md "Read replica"). Their ctx.db is then deps.heavyReadDb's choice for the
 * request: the replica (DATABASE_READ_URL), or the primary's report pool when there is no replica or the session
 * wrote within READ_YOUR_WRITES_MS; both with the report budget (REPORT_STATEMENT_TIMEOUT_MS). Their handlers must
 * only read: a replica refuses writes (and they mark no write for read-your-writes).
 */
export interface RouterOptions {
  heavyReads?: boolean;
}

export function router(
  app: App,
  { db, now, heavyReadDb }: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'heavyReadDb'>>,
  { heavyReads = false }: RouterOptions = {},
) {
  if (heavyReads && !heavyReadDb) throw new Error('router(..., { heavyReads: true }) needs deps.heavyReadDb');
  /** Each heavy read's database, from its preHandler to its handler. */
  const readsFrom = new WeakMap<FastifyRequest, Db>();
  return function route<E extends EndpointDef>(e: E, handler: Handler<E>, extras: RouteExtras = {}) {
    const { description, summary, problems, ...options } = extras;
    // Absent parts stay absent (fastify compiles every key it finds); the type still names them, as undefined.
    const schema = {
      tags: e.tags,
      ...(description ? { description } : {}),
      ...(summary ? { summary } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { ...problems, ...e.response },
    } as SchemaOf<E>;
    const contextOf = (req: FastifyRequest, on: Db = db) =>
      (e.permission === 'public' ? null : ctxOf(req, on, now)) as CtxFor<E>;
    app.route<RouteGenericInterface, ContextConfigDefault, SchemaOf<E>>({
      method: e.method,
      url: `/api${e.path}`,
      schema,
      config: {
        permission: e.permission,
        endpoint: e,
        ...(e.anyInstitution ? { anyInstitution: true } : {}),
        ...(heavyReads ? { heavyRead: true } : {}),
      },
      ...options,
      // A heavy read's database is chosen once the guard has named the session (one primary lookup with a replica).
      ...(heavyReads && heavyReadDb
        ? {
            preHandler: async (req: FastifyRequest) => {
              if (req.auth) readsFrom.set(req, await heavyReadDb(req));
            },
          }
        : {}),
      handler: (req, reply) => handler(req, contextOf(req, readsFrom.get(req)), reply),
    });
  };
}
export type Route = ReturnType<typeof router>;
