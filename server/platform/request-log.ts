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

/**
 * The log's default destination: stdout, written once per turn of the event loop (issue 30 item 6). pino writes
 * each line with its own synchronous system call; under load several requests finish in one turn, and their lines
 * now leave in one write, in the order they were logged, right after the turn (setImmediate), before any timer or
 * new I/O of the next. Nothing is lost when the process ends: the app's close writes what is pending, and so does
 * the process's `exit` event (process.exit, an uncaught error, the end of the event loop), synchronously (stdout
 * is synchronous for files and pipes on Linux). What a `kill -9` can lose is the lines of the turn it interrupts:
 * requests whose answers were just sent. Lines and other stdout output (console.log) share one stream, so their
 * order holds.
 */
export class TurnBatchedLog implements LogStream {
  private pending: string[] = [];
  private scheduled = false;
  /** The batch is written at once when it reaches this many characters. */
  static readonly MAX_PENDING = 64 * 1024;
  private size = 0;

  constructor(private readonly out: { write(chunk: string): unknown }) {}

  write(line: string) {
    this.pending.push(line);
    this.size += line.length;
    if (this.size >= TurnBatchedLog.MAX_PENDING) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushScheduled);
    }
  }

  /** Writes what is pending now. */
  flush() {
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.size = 0;
    this.out.write(chunk);
  }

  private readonly flushScheduled = () => {
    this.scheduled = false;
    this.flush();
  };
}

let stdoutLog: TurnBatchedLog | null = null;

/** The process's one batched stdout log (created on first use, flushed on exit). */
export function batchedStdout(): TurnBatchedLog {
  if (stdoutLog) return stdoutLog;
  const log = new TurnBatchedLog(process.stdout);
  // A closed pipe (EPIPE) stops the log rather than the process, as pino's own destination does.
  process.stdout.on('error', () => undefined);
  process.once('exit', () => log.flush());
  stdoutLog = log;
  return log;
}
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** `{ [key]: value }` when the error holds a code or a schema object's name (constraint, table) under key; else nothing. */
function field(err: Error, key: 'code' | 'constraint' | 'table') {
  const value: unknown = Reflect.get(err, key);
  return typeof value === 'string' || typeof value === 'number' ? { [key]: value } : {};
}

const CENSOR = '[redacted]';
const SECRET_HEADERS = ['authorization', 'cookie'];
/** Keys whose serializer writes what the line holds (none of them writes headers). */
const SERIALIZED = new Set(['err', 'req', 'res']);

/** A copy of `headers` with the secret ones censored; null when it holds none (or is not an object). */
function censoredHeaders(headers: unknown): Record<string, unknown> | null {
  if (!headers || typeof headers !== 'object' || !SECRET_HEADERS.some((h) => h in headers)) return null;
  const copy: Record<string, unknown> = { ...headers };
  for (const h of SECRET_HEADERS) if (h in copy) copy[h] = CENSOR;
  return copy;
}

/**
 * The logged object with the secret headers one level down (`*.headers.authorization`, `*.headers.cookie`)
 * censored; the object itself when there are none, which is every line the app writes. pino's own redaction of a
 * path that begins with a wildcard ran its redactor on every key of every line and of every request's child
 * logger (7 keys for the request line): half of the line's CPU (issue 30, docs/performance.md). The top-level
 * paths (`headers.*`, `password`) stay with pino, which then touches those keys only.
 */
export function censorNestedHeaders(obj: Record<string, unknown>): Record<string, unknown> {
  let out = obj;
  for (const key in obj) {
    if (key === 'headers' || SERIALIZED.has(key)) continue;
    const value = obj[key];
    if (!value || typeof value !== 'object') continue;
    const headers = censoredHeaders(Reflect.get(value, 'headers'));
    if (!headers) continue;
    if (out === obj) out = { ...obj };
    out[key] = { ...value, headers };
  }
  return out;
}

/**
 * The logger's options: JSON lines at `level` to `stream` (stdout unless given). `req` and `res` reduce to what
 * the request line says; `err` to safeError; headers that carry secrets are censored at the top level and one
 * level down (censorNestedHeaders), a `password` key wherever the log names one at the top.
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
    formatters: { log: censorNestedHeaders },
    redact: { paths: ['headers.authorization', 'headers.cookie', 'password'], censor: CENSOR },
  };
}
