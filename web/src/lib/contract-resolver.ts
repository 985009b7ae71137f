import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * Validate a form with the contract's zod schema (ARCHITECTURE §3). When a field breaks several rules
 * (empty and too short) the first one wins, so an empty field says '*required'.
 */
export function contractResolver(schema: z.ZodType) {
  return zod4Resolver(schema, { errorPriority: 'first' });
}

/** Field errors of a failed save for `form.setErrors`, and the title to show above the form when none apply. */
export function serverFormErrors(error: unknown): { fields: FormErrors; title: string | null } {
  if (!error) return { fields: {}, title: null };
  if (!(error instanceof ApiError)) return { fields: {}, title: String((error as Error).message ?? error) };
  const fields = error.fieldErrors;
  return { fields, title: Object.keys(fields).length ? null : error.problem.title };
}
