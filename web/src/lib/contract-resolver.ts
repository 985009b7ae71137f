import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { translateErrors } from './field-messages';

/**
 * Validate a form with the contract's zod schema (ARCHITECTURE §3). When a field breaks several rules
 * (empty and too short) the first one wins, so an empty field says '*required'. Messages are said in the
 * screens' language (field-messages.ts).
 */
export function contractResolver(schema: z.ZodType) {
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  return (values: Record<string, unknown>): FormErrors => translateErrors(resolve(values));
}

/** Field errors of a failed save for `form.setErrors`, and the title to show above the form when none apply. */
export function serverFormErrors(error: unknown): { fields: FormErrors; title: string | null } {
  if (!error) return { fields: {}, title: null };
  if (!(error instanceof ApiError)) return { fields: {}, title: String((error as Error).message ?? error) };
  const fields = translateErrors(error.fieldErrors);
  return { fields, title: Object.keys(fields).length ? null : error.problem.title };
}
