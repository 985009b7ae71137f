import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fieldNames, normalizeKeys, unknownKeys } from './case-insensitive';
import { AppError, validationProblem } from './errors';
import { NoQuery } from '../../contract/common.contract';
import { MSG, unknownQueryTitle } from '../../contract/messages';

/** The fields a validation problem lists at most (the title names the first). */
export const MAX_ERROR_FIELDS = 100;

/**
 * zod validation for body, query and params, with case-insensitive keys and problem+json errors.
 * Query strings are strict (issue 27 item 6): a parameter the route does not declare is a 400 naming
 * it, never ignored, so a misspelt filter cannot return the unfiltered list. A route that declares no
 * query string gets an empty one, so every /api route refuses parameters it does not read.
 */
export function registerValidation(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.schema?.querystring) route.schema = { ...route.schema, querystring: NoQuery };
  });
  // Before any part is validated: a POST with an unknown parameter is refused for it, whatever its body.
  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema?.querystring as z.ZodType | undefined;
    if (!schema || !req.query || typeof req.query !== 'object') return;
    const unknown = unknownKeys(req.query, schema);
    if (unknown.length) throw unknownQuery(unknown, fieldNames(schema));
  });
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const zs = schema as z.ZodType;
    // A safety net under the contract's text helpers: no string anywhere in the input holds a NUL.
    const nul = nulPath(data);
    if (nul !== null) return { error: validationProblem({ [nul || 'body']: [MSG.nulCharacter] }) };
    const result = zs.safeParse(normalizeKeys(data, zs));
    if (result.success) return { value: result.data };
    const errors: Record<string, string[]> = {};
    let fields = 0;
    for (const issue of result.error.issues.flatMap(unionIssues)) {
      const key = issue.path.map(String).join('.') || 'body';
      // A body of 10,000 bad items names the first MAX_ERROR_FIELDS fields, not 10,000.
      if (!errors[key] && ++fields > MAX_ERROR_FIELDS) break;
      (errors[key] ??= []).push(issue.message);
    }
    return { error: validationProblem(errors) };
  });
}

/** Longest parameter name a problem repeats (the rest is cut: the name is the client's text). */
const NAME_SHOWN = 100;

/** 400 for query parameters a route does not take: the title names the first, `errors` each, with what the call takes. */
export function unknownQuery(names: string[], known: string[]): AppError {
  // Invisible characters of the client's name are shown as '?'.
  // eslint-disable-next-line no-control-regex
  const invisible = /[\u0000-\u001F\u007F-\u009F]/g;
  const shown = names
    .slice(0, MAX_ERROR_FIELDS)
    .map((n) => (n.length > NAME_SHOWN ? `${n.slice(0, NAME_SHOWN)}…` : n).replace(invisible, '?'));
  const takes = known.map((k) => k.charAt(0).toUpperCase() + k.slice(1)).join(', ');
  const message = known.length ? `${MSG.unknownQueryParameter} (it takes ${takes})` : MSG.noQueryParameters;
  return new AppError(
    400,
    unknownQueryTitle(shown[0]),
    Object.fromEntries(shown.map((n) => [n, [message]])),
    'unknown_query_parameter',
    undefined,
    undefined,
    { key: 'unknown_query', values: { name: shown[0] } },
  );
}

/**
 * A body that matches no option of a union (the spec's form or ours) is answered with the field
 * messages of the option it came closest to (fewest problems; on a tie, each tied option's), not 'Invalid input'.
 */
function unionIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  // A union with its own message (an id: number, '' or null) keeps it.
  if (issue.code !== 'invalid_union' || !issue.errors.length || issue.message !== 'Invalid input') return [issue];
  const fewest = Math.min(...issue.errors.map((e) => e.length));
  return issue.errors
    .filter((e) => e.length === fewest)
    .flat()
    .map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as z.core.$ZodIssue)
    .flatMap(unionIssues);
}

/**
 * The path of the first string (key or value) holding a NUL character, or null. Iterative: a body's
 * depth is bounded by its parser (body-limits.ts), a query's by its parser, but this never recurses.
 */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    const entries = Object.entries(v).map(([k, child]) => [path ? `${path}.${k}` : k, k, child] as const);
    const badKey = entries.find(([, k]) => k.includes('\u0000'));
    if (badKey) return badKey[0];
    // Pushed in reverse so the first member is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][2], entries[i][0]]);
  }
  return null;
}
