import { z } from 'zod';
import { MSG, msgf } from './messages';
import {
  ConcurrencyStamp,
  MAX_ID,
  MIN_INT,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  typedNumber,
} from './common.contract';
import { descriptionField, type LookupEntity, type LookupField } from './lookups.registry';
import { descriptionsSchema, titlesSchema } from './lookup-titles';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Numbers go through the one number rule (typedNumber): '1O.5' or '0x10' is refused, never read as 1 or 16. */
function numberSchema(f: LookupField, required: boolean) {
  const integer = f.kind === 'integer';
  // An integer column holds -2147483648..2147483647; anything else is refused here, not by PostgreSQL.
  const base = typedNumber({
    whole: integer,
    notNumber: msgf('labelNotNumber', { fieldLabel: f.label }),
    notWhole: msgf('labelNotWhole', { fieldLabel: f.label }),
    ...(integer ? { min: MIN_INT, max: MAX_ID, tooSmall: MSG.wholeNumber, tooLarge: MSG.wholeNumber } : {}),
  });
  const n = f.positive ? base.refine((v) => v > 0, msgf('labelPositive', { fieldLabel: f.label })) : base;
  const orBlank = (v: unknown) => (blank(v) ? undefined : v);
  if (required) return z.preprocess(orBlank, n);
  if (f.default !== undefined) return z.preprocess(orBlank, n.default(Number(f.default)));
  return z.preprocess(orBlank, n.optional()).transform((v) => (v === undefined ? null : v));
}

function textSchema(f: LookupField, required: boolean) {
  const tooLong = f.maxMessage ?? `${f.label} must be ${f.max ?? 500} characters or less`;
  // A textarea (descriptions) is multi-line text: tab and line breaks allowed (common.contract.ts visibleText).
  const lines = f.kind === 'textarea' ? 'multi' : 'single';
  return required ? requiredText(f.max ?? 500, tooLong, lines) : optionalText(f.max ?? 500, tooLong, lines);
}

/** zod schema of one field (a conditionally required field is optional here and checked by the entity). */
export function fieldSchema(f: LookupField) {
  const required = Boolean(f.required) && !f.requiredWhen;
  switch (f.kind) {
    case 'boolean':
      return z.preprocess(
        (v) => (blank(v) ? undefined : v === 'true' ? true : v === 'false' ? false : v),
        z.boolean().default(Boolean(f.default)),
      );
    case 'number':
    case 'integer':
      return numberSchema(f, required);
    case 'reference':
      return required ? requiredId : optionalId;
    default:
      return textSchema(f, required);
  }
}

/**
 * Fields the server fills in from a dependent reference when they are left out: the spec's panel payload
 * sends SpecimenTypeId without the category, a test's UnitOfMeasurementId without the unit type; each is
 * the chosen record's own.
 */
export function derivableFields(e: LookupEntity): Set<string> {
  return new Set(e.fields.filter((g) => g.dependsOn && (g.required || g.requiredWhen)).map((g) => g.dependsOn!.field));
}

/** The reference a derivable field is taken from (`unitOfMeasurementTypeId` -> `unitOfMeasurementId`). */
const derivedFrom = (e: LookupEntity, name: string) => e.fields.find((g) => g.dependsOn?.field === name)!.name;

function compiles(pattern: string) {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * Create body (or, with `edit`, the edit body, which must carry the concurrency stamp) of a registry
 * entity, with every rule of spec 1 §5: '*required' / '*Required', conditional requirements, max
 * lengths, min <= max, expressions that compile.
 */
export function lookupInputSchema(e: LookupEntity, { edit = false } = {}) {
  const shape: Record<string, z.ZodType> = {};
  const derivable = derivableFields(e);
  for (const f of e.fields) shape[f.name] = fieldSchema(derivable.has(f.name) ? { ...f, required: false } : f);
  // A titled list takes its title in other languages too (issue 33 item 4), within the title's own limit.
  const titleField = e.fields.find((f) => f.name === e.titleField);
  if (titleField) shape.titles = titlesSchema(titleField.max ?? 500);
  // And its description in other languages (issue 33, i33desc), within the description's own limit.
  const described = descriptionField(e);
  if (described) shape.descriptions = descriptionsSchema(described.max ?? 1000);
  if (edit) Object.assign(shape, ConcurrencyStamp.shape);
  return z
    .object(shape)
    .superRefine((raw, ctx) => {
      const v = raw as Record<string, unknown>;
      for (const f of e.fields) {
        const derived = derivable.has(f.name) && !blank(v[derivedFrom(e, f.name)]);
        if (f.requiredWhen && v[f.requiredWhen] === true && blank(v[f.name]) && !derived) {
          ctx.addIssue({
            code: 'custom',
            path: [f.name],
            message: f.kind === 'reference' ? MSG.requiredSelect : MSG.required,
          });
        }
        if (f.kind === 'regex' && typeof v[f.name] === 'string' && !compiles(v[f.name] as string)) {
          ctx.addIssue({ code: 'custom', path: [f.name], message: MSG.patternInvalid });
        }
      }
      if (
        e.lte &&
        typeof v[e.lte.a] === 'number' &&
        typeof v[e.lte.b] === 'number' &&
        (v[e.lte.a] as number) > (v[e.lte.b] as number)
      ) {
        ctx.addIssue({ code: 'custom', path: [e.lte.b], message: e.lte.message });
      }
    })
    .transform((raw) => {
      // A conditional field is cleared when its condition is off, so no stale unit or expression stays behind.
      const v = { ...(raw as Record<string, unknown>) };
      for (const f of e.fields) if (f.requiredWhen && v[f.requiredWhen] !== true) v[f.name] = null;
      return v;
    });
}

export type LookupInput = Record<string, unknown> & { concurrencyStamp?: string };
