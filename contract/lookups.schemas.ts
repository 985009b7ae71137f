import { z } from 'zod';
import { MSG } from './messages';
import type { LookupEntity, LookupField } from './lookups.registry';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const toNumber = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v);

function numberSchema(f: LookupField, required: boolean) {
  const requiredMsg = f.kind === 'reference' ? MSG.requiredSelect : MSG.required;
  let n = z.number({ error: (iss) => (iss.input === undefined ? requiredMsg : `${f.label} must be a number`) });
  if (f.kind === 'integer' || f.kind === 'reference') n = n.int(`${f.label} must be a whole number`);
  if (f.kind === 'reference') n = n.positive(requiredMsg);
  const inner = required ? n : n.optional();
  return z.preprocess(toNumber, inner).transform((v) => (v === undefined ? null : v));
}

function textSchema(f: LookupField, required: boolean) {
  const max = f.max ?? 500;
  const s = z.string({ error: MSG.required }).trim().max(max, f.maxMessage ?? `${f.label} must be ${max} characters or less`);
  return required
    ? s.min(1, MSG.required)
    : z.preprocess((v) => (blank(v) ? undefined : v), s.optional()).transform((v) => v ?? null);
}

/** zod schema of one field (a conditionally required field is optional here and checked by the entity). */
export function fieldSchema(f: LookupField) {
  const required = Boolean(f.required) && !f.requiredWhen;
  switch (f.kind) {
    case 'boolean': return z.preprocess((v) => (blank(v) ? undefined : v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(Boolean(f.default)));
    case 'number':
    case 'integer':
      return f.default !== undefined && !f.required
        ? z.preprocess(toNumber, z.number().default(Number(f.default)))
        : numberSchema(f, required);
    case 'reference': return numberSchema(f, required);
    default: return textSchema(f, required);
  }
}

function compiles(pattern: string) {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * Create/edit body of a registry entity, with every rule of spec 1 §5: '*required' / '*Required',
 * conditional requirements, max lengths, min <= max, expressions that compile.
 */
export function lookupInputSchema(e: LookupEntity) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of e.fields) shape[f.name] = fieldSchema(f);
  shape.concurrencyStamp = z.string().optional();
  return z.object(shape).superRefine((raw, ctx) => {
    const v = raw as Record<string, unknown>;
    for (const f of e.fields) {
      if (f.requiredWhen && v[f.requiredWhen] === true && blank(v[f.name])) {
        ctx.addIssue({ code: 'custom', path: [f.name], message: f.kind === 'reference' ? MSG.requiredSelect : MSG.required });
      }
      if (f.kind === 'regex' && typeof v[f.name] === 'string' && !compiles(v[f.name] as string)) {
        ctx.addIssue({ code: 'custom', path: [f.name], message: 'This regular expression is not valid' });
      }
    }
    if (e.lte && typeof v[e.lte.a] === 'number' && typeof v[e.lte.b] === 'number' && (v[e.lte.a] as number) > (v[e.lte.b] as number)) {
      ctx.addIssue({ code: 'custom', path: [e.lte.b], message: e.lte.message });
    }
  }).transform((raw) => {
    // A conditional field is cleared when its condition is off, so no stale unit or expression stays behind.
    const v = { ...(raw as Record<string, unknown>) };
    for (const f of e.fields) if (f.requiredWhen && v[f.requiredWhen] !== true) v[f.name] = null;
    return v;
  });
}

export type LookupInput = Record<string, unknown> & { concurrencyStamp?: string };
