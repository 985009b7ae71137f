import { z } from 'zod';

/**
 * ARCHITECTURE §4: JSON and query keys are accepted case-insensitively ('Title' or 'title').
 * Renames incoming keys to the schema's own spelling, recursively through objects and arrays.
 * It descends only where the schema has an object or array, so its depth is the contract's
 * (a handful of levels), whatever the input's; bodies are also bounded to 64 levels (body-limits.ts).
 * A union (a body the spec writes one way and we another) renames by its options' keys together: the
 * first option naming a key decides its spelling and what lies below it.
 */
export function normalizeKeys(value: unknown, schema: z.ZodType): unknown {
  const { shape, byLower, list } = keysOf(schema);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    if (!byLower.size) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = shape[k] ? k : (byLower.get(k.toLowerCase()) ?? k);
      // A name sent twice in two cases: the later one wins, as JSON.parse does with a repeated name and as
      // `{ ...record, ...changes }` means (spec 1 §7 sends the patient as read with the edited GenderId added).
      out[key] = shape[key] ? normalizeKeys(v, shape[key]) : v;
    }
    return out;
  }
  if (list && Array.isArray(value)) {
    return value.map((v) => normalizeKeys(v, list.element as z.ZodType));
  }
  return value;
}

/**
 * The keys of an object (a query string) that name no field of the object schema in any case, as sent;
 * [] when the schema takes any key (a record, a loose object, an option that is not an object).
 */
export function unknownKeys(value: object, schema: z.ZodType): string[] {
  const { takesAny, byLower } = keysOf(schema);
  if (takesAny) return [];
  return Object.keys(value).filter((k) => !byLower.has(k.toLowerCase()));
}

/** The field names an object schema (or a union of them) takes, in its own spelling. */
export const fieldNames = (schema: z.ZodType) => Object.keys(keysOf(schema).shape);

interface Keys {
  /** The fields of the schema's object (or its union's objects), in its own spelling. */
  shape: Record<string, z.ZodType>;
  byLower: Map<string, string>;
  /** The array option, if the schema is (or may be) an array. */
  list: z.ZodArray | undefined;
  /** A record, a loose object or an option that is not an object: any key is known. */
  takesAny: boolean;
}
/**
 * What a schema says about keys, worked out once per schema (zod schemas are not changed after they are made):
 * every request's query and body walked the schema's options and lower-cased its field names again.
 */
const keysCache = new WeakMap<z.ZodType, Keys>();
function keysOf(schema: z.ZodType): Keys {
  let keys = keysCache.get(schema);
  if (!keys) {
    const options = optionsOf(schema);
    const shape = shapeOf(options);
    const list = options.find((o) => o instanceof z.ZodArray);
    keys = {
      shape,
      byLower: lowerKeys(shape),
      list: list instanceof z.ZodArray ? list : undefined,
      takesAny: options.some(
        (o) => !(o instanceof z.ZodObject) || (o.def.catchall !== undefined && !(o.def.catchall instanceof z.ZodNever)),
      ),
    };
    keysCache.set(schema, keys);
  }
  return keys;
}

function optionsOf(schema: z.ZodType): z.ZodType[] {
  const inner = unwrap(schema);
  return inner instanceof z.ZodUnion ? (inner.options as z.ZodType[]).map(unwrap) : [inner];
}

function shapeOf(options: z.ZodType[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const o of options)
    if (o instanceof z.ZodObject)
      for (const [k, s] of Object.entries(o.shape as Record<string, z.ZodType>)) shape[k] ??= s;
  return shape;
}

function lowerKeys(shape: Record<string, z.ZodType>): Map<string, string> {
  const byLower = new Map<string, string>();
  for (const k of Object.keys(shape)) if (!byLower.has(k.toLowerCase())) byLower.set(k.toLowerCase(), k);
  return byLower;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
      s = s.unwrap() as z.ZodType;
    // A preprocess step (a transform before the schema) is looked through to the schema it feeds.
    else if (s instanceof z.ZodPipe) s = (s.in instanceof z.ZodTransform ? s.out : s.in) as z.ZodType;
    else break;
  }
  return s;
}
