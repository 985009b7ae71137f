import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { normalizeKeys } from './case-insensitive';
import { validationProblem } from './errors';

/** zod validation for body, query and params, with case-insensitive keys and problem+json errors. */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const zs = schema as z.ZodType;
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
