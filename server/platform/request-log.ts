import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { parseId } from '../../contract/common.contract';
import { AppError } from './errors';

// The log (issue 34 item 4, docs/operations.md "Logs"): JSON lines, one per request, that name the request,
// its route template, status, duration and who asked, and never what was asked: no URL (a search's query
// string holds names and MRNs), no body, no header, no database error text (it may quote a value).
// server/test/log-privacy.test.ts walks a participant's registration, a search and a sign-in and greps every line.

/**
 * One log line per request (Fastify's default writes two: 'incoming request' and 'request completed'). The line
 * carries the request id (the child logger's reqId), method, route template, status, duration in milliseconds,
 * the signed-in account and the institution of the path. Serialising and writing the second line cost 5-7% of
 * the CPU of a list request (docs/performance.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = requestLine(request, reply);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  // Fastify's own lines name the raw URL (query string included): ours name the route, or nothing.
  override routeNotFound() {}

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ ...requestLine(request, reply), err: error }, 'request failed');
  }
}

/** What a request's line says about it. */
export function requestLine(request: FastifyRequest, reply: FastifyReply) {
  const params: unknown = request.params;
  const institutionId = parseId(params && typeof params === 'object' ? Reflect.get(params, 'instId') : undefined);
  return {
    method: request.method,
    // The template (/api/institutions/:instId/patients), never the URL; null when no route matched.
    route: request.routeOptions.url ?? null,
    statusCode: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 100) / 100,
    accountId: request.auth?.id ?? null,
    institutionId,
  };
}

/**
 * An error as the log may show it: its class, codes (SQLSTATE, Fastify's, the problem's) and stack frames. Not its
 * message (a database error quotes the value it refused: `invalid input syntax for type integer: "Smith"`, Drizzle's
 * names the statement's parameters), its `detail` (`Key (mrn)=(...) already exists`) or what it carries; only a
 * problem of ours (AppError) keeps its title, which names no value.
 */
export function safeError(err: unknown) {
  if (!(err instanceof Error)) return { type: typeof err, message: '[withheld]', stack: '' };
  const cause: unknown = err.cause;
  const statusCode: unknown = Reflect.get(err, 'statusCode');
  return {
    type: err.constructor?.name ?? 'Error',
    message: err instanceof AppError ? err.title : '[withheld: it may quote a value]',
    ...field(err, 'code'),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(err instanceof AppError ? { title: err.title, status: err.status } : {}),
    ...(cause instanceof Error
      ? {
          cause: {
            type: cause.constructor?.name ?? 'Error',
            ...field(cause, 'code'),
            // Names of the schema, not values.
            ...field(cause, 'constraint'),
            ...field(cause, 'table'),
          },
        }
      : {}),
    stack: (err.stack ?? '')
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .join('\n'),
  };
}

/** Where the lines go (stdout unless given): anything with write(line). */
export interface LogStream {
  write(line: string): void;
}
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** `{ [key]: value }` when the error holds a code or a schema object's name (constraint, table) under key; else nothing. */
function field(err: Error, key: 'code' | 'constraint' | 'table') {
  const value: unknown = Reflect.get(err, key);
  return typeof value === 'string' || typeof value === 'number' ? { [key]: value } : {};
}

/**
 * The logger's options: JSON lines at `level` to `stream` (stdout unless given). `req` and `res` reduce to what
 * the request line says; `err` to safeError; headers that carry secrets are redacted wherever they appear.
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      err: safeError,
      req: (req: { method?: string; routeOptions?: { url?: string } }) => ({
        method: req.method,
        route: req.routeOptions?.url ?? null,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    redact: {
      paths: ['headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie', 'password'],
      censor: '[redacted]',
    },
  };
}
