import type { z } from 'zod';
import type { Permission } from './permissions.contract';

/**
 * One row of the endpoint table (issue 29): what the server registers and what the web calls, so a wrong
 * path, parameter, body or response type is a compiler error on both sides. The path is written once,
 * without the `/api` prefix, with `:name` segments that the params schema must name exactly.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A response that is not JSON (CSV, PDF): described for OpenAPI, fetched by the web as a file. */
export interface FileResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export interface EndpointDef {
  method: Method;
  path: `/${string}`;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer by status: one of 200, 201 or 204. */
  response: Partial<Record<200 | 201 | 204, z.ZodType | FileResponse>>;
  /** The permission the guard checks before the handler ('signedIn': any account; 'public': none). */
  permission: Permission | 'signedIn' | 'public';
  /** A list whose page travels in the X-Pagination header (ARCHITECTURE §4). */
  paged?: true;
  /** Under {instId} but readable by any signed-in account (spec 1 §7: sites of any institution). */
  anyInstitution?: true;
  tags: string[];
}

/** The `:name` segments of a path template. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsMatch<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? E extends { params: z.ZodObject }
    ? { params: 'this path has no :params' }
    : unknown
  : E extends { params: z.ZodObject<infer Shape> }
    ? [keyof Shape] extends [PathParamNames<E['path']>]
      ? [PathParamNames<E['path']>] extends [keyof Shape]
        ? unknown
        : { params: `name every path parameter: ${PathParamNames<E['path']>}` }
      : { params: 'params names a key the path does not have' }
    : { params: `declare params for ${PathParamNames<E['path']>}` };

/** Declares one endpoint; the compiler refuses params that do not match the path's `:names`. */
export const endpoint = <const E extends EndpointDef>(e: E & ParamsMatch<E>): E => e;

/** The JSON answer of a successful call (the parsed type the server's serializer sends). */
export type SuccessOf<E extends EndpointDef> = E['response'] extends { 200: infer R }
  ? R
  : E['response'] extends { 201: infer R }
    ? R
    : E['response'] extends { 204: infer R }
      ? R
      : never;
export type ResponseOf<E extends EndpointDef> = SuccessOf<E> extends z.ZodType ? z.output<SuccessOf<E>> : never;
/** One row of a paged list's answer. */
export type ItemOf<E extends EndpointDef> = ResponseOf<E> extends readonly (infer T)[] ? T : never;

// `{} extends X`: the part may be left out when an empty object is a valid input for it (all keys optional).
type Part<K extends string, S> = S extends z.ZodType
  ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };
/** What a caller passes: the path's params, the query and the body, each as the schema accepts it. */
export type ArgsOf<E extends EndpointDef> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The concrete path of a call: `:name` segments replaced by the encoded params. */
export function pathOf(e: Pick<EndpointDef, 'path'>, params: Record<string, unknown> = {}): string {
  return e.path.replace(/:([A-Za-z]\w*)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`${e.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
