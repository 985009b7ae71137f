import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Request body bounds, for every route (issue 26; docs/operations.md "Request bodies and depth").
 * Size: the app's default is JSON_BODY_LIMIT; a route that legitimately takes more declares its own
 * `bodyLimit` (submissions, rack scans, manifests, imports); public routes (sign-in) take PUBLIC_BODY_LIMIT.
 * Shape: every JSON body is scanned once, without recursion, before JSON.parse: more than
 * MAX_JSON_DEPTH levels, more than MAX_JSON_MEMBERS items in one array or object, or more than
 * MAX_JSON_VALUES values in all is a 400, so no later step (NUL check, key normalisation, zod,
 * the error's field list) meets a body deeper or wider than that.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Sign-in and any other route without authentication: a few fields. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
export const MAX_JSON_DEPTH = 64;
/** Items of one array or members of one object (the contract's largest lists hold 1,000). */
export const MAX_JSON_MEMBERS = 10_000;
/** Values in a whole body, counted as its arrays and objects plus its commas (each comma adds a member). */
export const MAX_JSON_VALUES = 250_000;

export const TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;
export const TOO_WIDE = `The request body has too many items in one list or object (more than ${MAX_JSON_MEMBERS}).`;
export const TOO_MANY_VALUES = `The request body has too many values (more than ${MAX_JSON_VALUES}).`;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_ARRAY = 91;
const OPEN_OBJECT = 123;
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;

/**
 * The title of the first shape bound the JSON text passes, or null. One pass over the text, outside
 * strings only (a string is skipped with indexOf, so a long text field costs almost nothing); it does
 * not check that the text is valid JSON: JSON.parse does, next.
 */
export function jsonShapeProblem(text: string): string | null {
  let depth = 0;
  let values = 0;
  // Commas seen in each open container, by depth.
  const commas = new Array<number>(MAX_JSON_DEPTH + 2).fill(0);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return null; // unterminated: JSON.parse says so
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP;
      commas[depth] = 0;
      if (++values > MAX_JSON_VALUES) return TOO_MANY_VALUES;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (c === COMMA) {
      if (++commas[depth] >= MAX_JSON_MEMBERS) return TOO_WIDE;
      if (++values > MAX_JSON_VALUES) return TOO_MANY_VALUES;
    }
  }
  return null;
}

/** The index of the quote that ends the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at > 0) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

/**
 * Replaces Fastify's JSON parser with one that checks the shape first, then parses with Fastify's own
 * (prototype-poisoning safe) parser. Routes that stream their body register their own parser in
 * their own scope.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const problem = jsonShapeProblem(body as string);
    if (problem) {
      done(new AppError(400, problem, undefined, 'body_shape'), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
