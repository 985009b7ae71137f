import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { normalizeKeys } from './case-insensitive';
import { validationProblem } from './errors';
import { MSG } from '../../contract/messages';

/** zod validation for body, query and params, with case-insensitive keys and problem+json errors. */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const zs = schema as z.ZodType;
    // A safety net under the contract's text helpers: no string anywhere in the input holds a NUL.
    const nul = nulPath(data);
    if (nul !== null) return { error: validationProblem({ [nul || 'body']: [MSG.nulCharacter] }) };
    const result = zs.safeParse(normalizeKeys(data, zs));
    if (result.success) return { value: result.data };
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'body';
      (errors[key] ??= []).push(issue.message);
    }
    return { error: validationProblem(errors) };
  });
}

/** The path of the first string (key or value) holding a NUL character, or null. */
function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return p;
    const found = nulPath(v, p);
    if (found !== null) return found;
  }
  return null;
}
