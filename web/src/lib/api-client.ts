import { notifications } from '@mantine/notifications';
import type { Pagination, Problem } from '@contract/common.contract';
import { type ArgsOf, type EndpointDef, type ItemOf, type ResponseOf, pathOf } from '@contract/endpoint';
import { tokenStore } from './session-storage';
import { loginPathFor } from './safe-next';
import { currentLanguage, i18next } from './i18n';

/** A failed call: the server's problem+json (title, field errors) and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Partial<Problem> & { title: string },
  ) {
    super(problem.title);
  }
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, msgs] of Object.entries(this.problem.errors ?? {})) if (msgs[0]) out[field] = msgs[0];
    return out;
  }
}

/** What to tell the user about a failure: the server's problem title, else the fallback, else the error's message. */
export function errorTitle(e: unknown, fallback?: string): string {
  if (e instanceof ApiError) return e.problem.title;
  return fallback ?? (e instanceof Error ? e.message : String(e));
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}
type Scalar = string | number | boolean | null | undefined;
type Query = Record<string, Scalar | readonly Scalar[]>;
interface Options {
  /** Show the problem title in a notification (spec 1 §8). Forms that show errors inline turn it off. */
  notify?: boolean;
  /** Treat 401 as "session over" (clear token, go to login). Off for the login call itself. */
  handle401?: boolean;
}

/** What the login page is told when a session ended (idle, expired, revoked): the server's 401 title. */
export interface LoginNotice {
  sessionEnded?: string;
}
let goTo: (path: string, state?: LoginNotice) => void = (path) => window.location.assign(path);
/** The router registers its navigate so a 401 leaves the app without a full reload. */
export const setNavigator = (navigate: (path: string, state?: LoginNotice) => void) => {
  goTo = navigate;
};

function url(path: string, query?: Query) {
  const params = new URLSearchParams();
  for (const [k, value] of Object.entries(query ?? {})) {
    // A list travels as the key repeated (GenderIDs=1&GenderIDs=2), as the server reads it.
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function problemOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as Partial<Problem> | null;
  const title =
    body?.title ??
    (res.status >= 500
      ? i18next.t('internal', { ns: 'messages' })
      : i18next.t('errors.requestFailed', { status: res.status }));
  return new ApiError(res.status, { ...body, title });
}

let lastRequestAt = Date.now();
/** When the app last sent a request with the session token (each one keeps the session alive on the server). */
export const lastSessionRequestAt = () => lastRequestAt;

async function request(
  method: string,
  path: string,
  query?: Query,
  body?: unknown,
  opts: Options = {},
): Promise<Response> {
  const { notify = true, handle401 = true } = opts;
  const token = tokenStore.get();
  if (token) lastRequestAt = Date.now();
  let res: Response;
  try {
    res = await fetch(url(path, query), {
      method,
      // Same-origin cookies only: the sign-in's device cookie (issue 26) goes to /api/Authentication/login, never elsewhere.
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The screens' language: the server answers problems in it (the account's choice wins once stored).
        'Accept-Language': currentLanguage(),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    res = new Response(JSON.stringify({ title: i18next.t('errors.unreachable') }), {
      status: 503,
    });
  }
  if (res.ok) return res;
  const error = await problemOf(res);
  if (res.status === 401 && handle401) {
    tokenStore.clear();
    // Several requests of one screen can come back 401: the first one already went to /login?next=<the screen>; a
    // later one there would replace it with a bare /login and lose the way back.
    if (!window.location.pathname.startsWith('/login'))
      goTo(
        loginPathFor(window.location.pathname + window.location.search),
        token ? { sessionEnded: error.problem.title } : undefined,
      );
  } else if (notify) {
    notifications.show({
      color: 'red',
      title: i18next.t('errors.notificationTitle'),
      message: error.problem.title,
      autoClose: 3000,
    });
  }
  throw error;
}

const json = async <T>(res: Response): Promise<T> =>
  res.status === 204 ? (undefined as T) : (res.json() as Promise<T>);

/** The X-Pagination header of a paged answer (ARCHITECTURE §4), or null when the server sent none. */
function paginationOf(res: Response): Pagination | null {
  const header = res.headers.get('X-Pagination');
  return header ? (JSON.parse(header) as Pagination) : null;
}

async function fileOf(res: Response): Promise<{ blob: Blob; filename: string | null }> {
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const ascii = /filename="([^"]+)"/i.exec(disposition)?.[1];
  return { blob: await res.blob(), filename: utf8 ? decodeURIComponent(utf8) : (ascii ?? null) };
}

/** The query of a typed call as the URL carries it (the schema's input: scalars or lists of them). */
const queryOf = (query: unknown) => query as Query | undefined;
const bodyOf = (e: EndpointDef, body: unknown) => (body === undefined && e.method !== 'GET' ? {} : body);

/**
 * The typed client (issue 29): every call names its row of the endpoint table (contract/<area>.endpoints.ts),
 * so its path, params, query, body and answer are checked by the compiler against what the server registers.
 */
export async function call<E extends EndpointDef>(e: E, args: ArgsOf<E>, opts?: Options): Promise<ResponseOf<E>> {
  const { params, query, body } = args as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  return json<ResponseOf<E>>(await request(e.method, pathOf(e, params), queryOf(query), bodyOf(e, body), opts));
}

/** A paged list of the table (`paged: true`): its rows and the X-Pagination header. */
export async function callPage<E extends EndpointDef & { paged: true }>(
  e: E,
  args: ArgsOf<E>,
  opts?: Options,
): Promise<Page<ItemOf<E>>> {
  const { body, pagination } = await callPaged(e, args, opts);
  const items = body as ItemOf<E>[];
  return {
    items,
    pagination: pagination ?? { TotalCount: items.length, PageSize: items.length, CurrentPage: 1, TotalPages: 1 },
  };
}

/** A paged answer whose body is one object (a report: columns and rows) with the X-Pagination header. */
export async function callPaged<E extends EndpointDef & { paged: true }>(
  e: E,
  args: ArgsOf<E>,
  opts?: Options,
): Promise<{ body: ResponseOf<E>; pagination: Pagination | null }> {
  // A POST list (the query builder's samples) carries its criteria and page in the body.
  const { params, query, body: sent } = args as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const res = await request(e.method, pathOf(e, params), queryOf(query), bodyOf(e, sent), opts);
  const body = await json<ResponseOf<E>>(res);
  return { body, pagination: paginationOf(res) };
}

/** A file answer of the table (CSV, PDF): its bytes and the name the server gives it. */
export async function callFile<E extends EndpointDef>(
  e: E,
  args: ArgsOf<E>,
  opts?: Options,
): Promise<{ blob: Blob; filename: string | null }> {
  const { params, query, body } = args as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  return fileOf(await request(e.method, pathOf(e, params), queryOf(query), bodyOf(e, body), opts));
}
