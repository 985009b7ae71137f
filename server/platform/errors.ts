import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../contract/messages';
import { needsPermission } from '../../contract/permission-labels';
import type { Permission } from '../../contract/permissions.contract';
import { requestLanguage, translateProblem } from './i18n';

/**
 * How a problem's title is translated (issue 33, docs/languages.md): the key of its title in the
 * `problems` catalogue namespace and the values its `{{placeholders}}` take. A problem without one
 * (a title composed elsewhere) is translated only when its title is a contract/messages.ts text.
 */
export interface ProblemText {
  key: string;
  values?: Record<string, unknown>;
}

/** An error with a status and a human title; leaves the server as RFC 7807 problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** English: the source text, and what every language lacking the key shows. */
    readonly title: string,
    readonly errors?: Record<string, string[]>,
    readonly code = 'error',
    /** Seconds, sent as the Retry-After header (429). */
    readonly retryAfter?: number,
    /** RFC 7807 extension members sent beside the standard ones (a bulk call's per-item refusals). */
    readonly extensions?: Record<string, unknown>,
    /** The title's catalogue key and values; sendProblem translates it into the caller's language. */
    readonly text?: ProblemText,
  ) {
    super(title);
  }
}

/** The same problem with extension members (e.g. `items`: what a bulk call refused, item by item). */
export const withExtensions = (e: AppError, extensions: Record<string, unknown>) =>
  new AppError(e.status, e.title, e.errors, e.code, e.retryAfter, extensions, e.text);

const UNAUTHORIZED = 'You are not signed in or your session has expired.';
const FORBIDDEN = 'You do not have permission to do this.';

export const badRequest = (title: string, errors?: Record<string, string[]>) =>
  new AppError(400, title, errors, 'bad_request');
/** The default title is translated (key `unauthorized`); another stays as given. */
export const unauthorized = (title = UNAUTHORIZED) =>
  new AppError(401, title, undefined, 'unauthorized', undefined, undefined, ifDefault(title, UNAUTHORIZED));
export const forbidden = (title = FORBIDDEN) =>
  new AppError(403, title, undefined, 'forbidden', undefined, undefined, ifDefault(title, FORBIDDEN));
/**
 * "You need permission to release results.": the permission said in words (contract/permission-labels.ts), never its
 * name; translated as `forbidden_permission` with the permission's words from the `permissions` namespace.
 */
export const permissionRefused = (permission: Permission) =>
  new AppError(403, needsPermission(permission), undefined, 'forbidden', undefined, undefined, {
    key: 'forbidden_permission',
    values: { permission },
  });
export const notFound = (what = 'Record') =>
  new AppError(404, `${what} not found.`, undefined, 'not_found', undefined, undefined, {
    key: 'not_found',
    values: { what },
  });
export const conflict = (title: string) => new AppError(409, title, undefined, 'conflict');
export const staleStamp = () =>
  new AppError(
    409,
    'This record was changed by someone else. Reload it and try again.',
    undefined,
    'conflict',
    undefined,
    undefined,
    {
      key: 'stale_stamp',
    },
  );

const ifDefault = (title: string, defaultTitle: string): ProblemText | undefined =>
  title === defaultTitle ? { key: defaultTitle === UNAUTHORIZED ? 'unauthorized' : 'forbidden' } : undefined;

type Title<A extends unknown[]> = string | ((...args: A) => string);
type Spec = {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  title: Title<any[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  retryAfter?: (...args: any[]) => number;
  /**
   * The title's interpolation values (and, for a title that picks one of several sentences, the key's
   * `variant`: `mrn_taken_same` beside `mrn_taken_other`). Without it, the title function's arguments are
   * the values `{{0}}`, `{{1}}`, ... in order.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  text?: (...args: any[]) => { variant?: string; values: Record<string, unknown> };
};
type Factory<S extends Spec> = S['title'] extends (...args: infer A) => string
  ? (...args: [...A, errors?: Record<string, string[]>]) => AppError
  : (errors?: Record<string, string[]>) => AppError;

/**
 * A module's errors, declared once (`<area>.errors.ts`): each has a namespaced code
 * (`participants.mrn_taken`), a status and a human title, and leaves the server as problem+json
 * with the code in `type` (`about:blank#participants.mrn_taken`) and in `code`. A 429 may compute
 * its Retry-After (seconds) from the same arguments as its title.
 */
export function defineErrors<const S extends Record<string, Spec>>(
  area: string,
  specs: S,
): { [K in keyof S]: Factory<S[K]> } {
  return Object.fromEntries(
    Object.entries(specs).map(([key, spec]) => [
      key,
      (...args: unknown[]) => {
        const title = typeof spec.title === 'function' ? spec.title(...args) : spec.title;
        const titleArgs = typeof spec.title === 'function' ? args.slice(0, spec.title.length) : [];
        const last = args[titleArgs.length] as Record<string, string[]> | undefined;
        const chosen = spec.text?.(...titleArgs);
        const text: ProblemText = {
          key: chosen?.variant ? `${area}.${key}_${chosen.variant}` : `${area}.${key}`,
          values: chosen?.values ?? Object.fromEntries(titleArgs.map((a, i) => [String(i), a])),
        };
        return new AppError(spec.status, title, last, `${area}.${key}`, spec.retryAfter?.(...args), undefined, text);
      },
    ]),
  ) as { [K in keyof S]: Factory<S[K]> };
}

/** "1 MB", "16 KB": a body limit as a 413's title names it. */
export function bytesText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export const tooLarge = (limit: number) =>
  new AppError(
    413,
    `The request body is larger than this request allows (${bytesText(limit)}).`,
    undefined,
    'body_too_large',
    undefined,
    undefined,
    { key: 'body_too_large', values: { limit: bytesText(limit) } },
  );

/** A validation failure: field -> messages, titled with the first one so the notification says something useful. */
export function validationProblem(errors: Record<string, string[]>): AppError {
  const [field, msgs] = Object.entries(errors)[0] ?? ['', ['Invalid input']];
  const name = field ? `${field.charAt(0).toUpperCase()}${field.slice(1)}` : '';
  const label = name ? `${name}: ` : '';
  // Translated as `{{field}}: {{message}}` with the message translated by its key (server/platform/i18n.ts).
  return new AppError(400, `${label}${msgs[0]}`, errors, 'validation', undefined, undefined, {
    key: name ? 'validation' : 'validation_unnamed',
    values: { field: name, message: msgs[0] },
  });
}

const PG_UNIQUE = '23505';
const PG_FK = '23503';
/** Class 22, data exception: out of range, invalid text representation, bad datetime, NUL byte. */
const PG_DATA_EXCEPTION = '22';

/** query_canceled: statement_timeout ran out (server/db/client.ts). */
const PG_CANCELED = '57014';

export const statementTimedOut = () =>
  new AppError(
    503,
    'The database took too long to answer and the request was stopped. Try again, or narrow the search.',
    undefined,
    'statement_timeout',
    5,
    undefined,
    { key: 'statement_timeout' },
  );
export const poolBusy = () =>
  new AppError(
    503,
    'The server is too busy to answer now: no database connection was free in time. Try again in a moment.',
    undefined,
    'database_busy',
    2,
    undefined,
    { key: 'database_busy' },
  );

/**
 * The database could not be reached or dropped the connection: refused, not found, reset, a server shutting down or
 * starting up (57P01-57P03), a connection exception (class 08). With DATABASE_READ_URL this is how a replica that is
 * down answers heavy reads (docs/operations.md "Read replica").
 */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
const isUnreachable = (code: string | undefined) =>
  code !== undefined && (UNREACHABLE.has(code) || code.startsWith('08'));
export const databaseUnavailable = () =>
  new AppError(503, 'The database is not reachable now. Try again in a moment.', undefined, 'database_unavailable', 5);
/**
 * serialization_failure: a hot standby cancels a read that conflicts with the changes it replays (rows the primary's
 * vacuum removed; hot_standby_feedback prevents most); nothing here runs SERIALIZABLE, so this is that case.
 */
const PG_SERIALIZATION = '40001';
export const readConflict = () =>
  new AppError(
    503,
    'The read was stopped by a concurrent change on the database. Try again.',
    undefined,
    'read_conflict',
    1,
  );

/** pg-pool's errors when no connection came within connectionTimeoutMillis (waiting for one, or opening one). */
function isPoolTimeout(err: unknown): boolean {
  const e = err as { message?: unknown; cause?: { message?: unknown } };
  const message = `${typeof e?.message === 'string' ? e.message : ''} ${typeof e?.cause?.message === 'string' ? e.cause.message : ''}`;
  return /timeout exceeded when trying to connect|Connection terminated due to connection timeout/.test(message);
}

/** The SQLSTATE of a database error (node-postgres's, or the one Drizzle wraps as its cause). */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code;
}

export function isUniqueViolation(err: unknown) {
  return pgCode(err) === PG_UNIQUE;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    let problem: AppError;
    if (err instanceof AppError) problem = err;
    else if (pgCode(err) === PG_UNIQUE)
      problem = new AppError(
        409,
        'A record with the same value already exists.',
        undefined,
        'conflict',
        undefined,
        undefined,
        {
          key: 'unique_violation',
        },
      );
    else if (pgCode(err) === PG_FK)
      problem = new AppError(
        400,
        'A referenced record does not exist.',
        undefined,
        'bad_request',
        undefined,
        undefined,
        {
          key: 'reference_missing',
        },
      );
    // Logged below as errors (status 503): an operator sees each one.
    else if (pgCode(err) === PG_CANCELED) problem = statementTimedOut();
    else if (isPoolTimeout(err)) problem = poolBusy();
    else if (isUnreachable(pgCode(err))) problem = databaseUnavailable();
    else if (pgCode(err) === PG_SERIALIZATION) problem = readConflict();
    else if (pgCode(err)?.startsWith(PG_DATA_EXCEPTION)) {
      // Last line of defence: the contract should refuse such input first (docs/decisions/0004).
      req.log.warn({ err }, 'database refused a value the contract let through');
      problem = badRequest(MSG.badValue);
    } else if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      problem = tooLarge(req.routeOptions.bodyLimit);
    else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      const fe = err as FastifyError;
      const invalidJson = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
      const title = invalidJson ? 'The request body is not valid JSON.' : fe.message;
      problem = new AppError(
        fe.statusCode!,
        title,
        undefined,
        fe.code ?? 'error',
        undefined,
        undefined,
        invalidJson ? { key: 'invalid_json' } : undefined,
      );
    } else {
      req.log.error({ err }, 'unhandled error');
      problem = new AppError(500, MSG.internal, undefined, 'internal', undefined, undefined, { key: 'internal' });
    }
    if (problem.status >= 500) req.log.error({ err }, problem.title);
    sendProblem(req, reply, problem);
  });
}

/**
 * The one way a problem leaves the server: its title and field messages in the caller's language
 * (the account's, else Accept-Language's best match, else English: server/platform/i18n.ts).
 */
function sendProblem(req: FastifyRequest, reply: FastifyReply, english: AppError) {
  const problem = translateProblem(english, requestLanguage(req));
  if (problem.retryAfter !== undefined) void reply.header('Retry-After', String(problem.retryAfter));
  void reply
    .status(problem.status)
    .type('application/problem+json')
    .send({
      ...problem.extensions,
      type: `about:blank#${problem.code}`,
      code: problem.code,
      title: problem.title,
      status: problem.status,
      ...(problem.errors ? { errors: problem.errors } : {}),
      traceId: req.id,
    });
}

/** Errors the router raises before any route runs (a malformed URL, a path parameter over 100 characters). */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  sendProblem(
    req,
    reply,
    new AppError(
      err.statusCode && err.statusCode < 500 ? err.statusCode : 400,
      'The address of the request is not valid.',
      undefined,
      err.code,
      undefined,
      undefined,
      { key: 'invalid_url' },
    ),
  );
}
