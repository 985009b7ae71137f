import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Resource } from '@medplum/fhirtypes';

// FHIR 4.0.1 JSON schema (@d4l/js-fhir-validator, ajv), shared by the FHIR export and manifest tests.

type Validator = ((r: unknown) => boolean) & { errors?: unknown[] | null };
const load = createRequire(import.meta.url);
const validators = new Map<string, Validator>();
/**
 * Validates a resource against its type's R4 schema. The package's per-type validators do not follow a
 * Bundle's entries into other types (its README), so a Bundle is validated without its resources and
 * each entry's resource against its own type's validator.
 */
export function validate(resource: Resource) {
  if (resource.resourceType === 'Bundle') {
    for (const e of resource.entry ?? []) validate(e.resource!);
    resource = { ...resource, entry: resource.entry?.map(({ resource: _r, ...entry }) => entry) };
  }
  let v = validators.get(resource.resourceType);
  if (!v) {
    const m = load(`@d4l/js-fhir-validator/r4/js/${resource.resourceType}.js`) as Validator | { default: Validator };
    v = typeof m === 'function' ? m : m.default;
    validators.set(resource.resourceType, v);
  }
  const ok = v(resource);
  expect(ok ? [] : v.errors, `${resource.resourceType}/${resource.id} is not valid FHIR R4`).toEqual([]);
}
