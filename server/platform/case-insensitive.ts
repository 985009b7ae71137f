import { z } from 'zod';

/**
 * ARCHITECTURE §4: JSON and query keys are accepted case-insensitively ('Title' or 'title').
 * Renames incoming keys to the schema's own spelling, recursively through objects and arrays.
 * It descends only where the schema has an object or array, so its depth is the contract's
 * (a handful of levels), whatever the input's; bodies are also bounded to 64 levels (body-limits.ts).
 */
export function normalizeKeys(value: unknown, schema: z.ZodType): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = shape[k] ? k : byLower.get(k.toLowerCase()) ?? k;
      if (key in out && key !== k) continue; // an exact-case key wins over a case variant
      out[key] = shape[key] ? normalizeKeys(v, shape[key]) : v;
    }
    return out;
  }
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    return value.map((v) => normalizeKeys(v, inner.element as z.ZodType));
  }
  return value;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
    else break;
  }
  return s;
}
