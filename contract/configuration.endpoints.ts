import { z } from 'zod';
import { Id, InstParam, PagingQuery, RecordBase } from './common.contract';
import { endpoint, type EndpointDef } from './endpoint';
import { LOOKUP_BY_KEY, LOOKUPS, type LookupEntity } from './lookups.registry';
import { lookupInputSchema } from './lookups.schemas';
import { TestSetup, TestSetupInput } from './test-setup.contract';

/** A record of a registry list: the common columns plus the list's own fields (named by the registry, which is data). */
export const LookupRecord = RecordBase.loose();
export type LookupRecord = z.output<typeof LookupRecord>;

/**
 * A list's query: paging plus its reference filters (`?specimenTypeCategoryId=3`). The filters' names come
 * from the registry, so the type names only the paging and leaves the rest open.
 */
type FilterValues = { [field: string]: unknown };
export type LookupQuery = z.ZodType<PagingQuery & FilterValues, z.input<typeof PagingQuery> & FilterValues>;
/** A list's create or edit body: the registry's fields, checked by lookupInputSchema (contract/lookups.schemas.ts). */
export type LookupBody = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

const read = 'configuration.read' as const;
const manage = 'configuration.manage' as const;
const ItemParams = InstParam.extend({ id: Id });
const NestedItemParams = InstParam.extend({ id: Id, itemId: Id });

/** `'/institutions/:instId/genders'`: a list's path under its institution. */
type ListPath = `/institutions/:instId/${string}`;
/** Rows are declared one by one for the table; generated rows carry their path as this template. */
const row = <const E extends EndpointDef>(e: E) => e;

/** Paging plus the list's reference filters (each an optional id), except the parent's when the path names it. */
function queryOf(e: LookupEntity, except?: string): LookupQuery {
  const filters = Object.fromEntries(
    e.fields.filter((f) => f.kind === 'reference' && f.name !== except).map((f) => [f.name, Id.optional()]),
  );
  return PagingQuery.extend(filters) as z.ZodType as LookupQuery;
}

/** list, get, create, edit (unless noEdit), disable and enable of one list at one path segment. */
function rowsAt(e: LookupEntity, segment: string, body: LookupBody, editBody: LookupBody) {
  const tags = [`Configuration: ${e.label}`];
  const base: ListPath = `/institutions/:instId/${segment}`;
  const item = `${base}/:id` as const;
  const query = queryOf(e);
  return {
    list: row({
      method: 'GET',
      path: base,
      params: InstParam,
      query,
      response: { 200: z.array(LookupRecord) },
      permission: read,
      paged: true,
      tags,
    }),
    get: row({
      method: 'GET',
      path: item,
      params: ItemParams,
      response: { 200: LookupRecord },
      permission: read,
      tags,
    }),
    create: row({
      method: 'POST',
      path: base,
      params: InstParam,
      body,
      response: { 201: LookupRecord },
      permission: manage,
      tags,
    }),
    update: e.noEdit
      ? undefined
      : row({
          method: 'PUT',
          path: item,
          params: ItemParams,
          body: editBody,
          response: { 200: LookupRecord },
          permission: manage,
          tags,
        }),
    disable: row({
      method: 'POST',
      path: `${item}/disable`,
      params: ItemParams,
      response: { 200: LookupRecord },
      permission: manage,
      tags,
    }),
    enable: row({
      method: 'POST',
      path: `${item}/enable`,
      params: ItemParams,
      response: { 200: LookupRecord },
      permission: manage,
      tags,
    }),
  };
}

/** A nested list under its parent record (`tests/:id/testResultRanges`): list, get, create, edit (unless noEdit). */
function nestedRows(e: LookupEntity, parent: { key: string; field: string }, body: LookupBody, editBody: LookupBody) {
  const tags = [`Configuration: ${e.label}`];
  const base = `/institutions/:instId/${parent.key}/:id/${e.key}` as `${ListPath}/:id/${string}`;
  const item = `${base}/:itemId` as const;
  // The parent is the path's: the query takes the other reference filters, not the parent's again.
  const query = queryOf(e, parent.field);
  return {
    /** The parent's field, which the server takes from the path (`id`) before the body is validated. */
    parentField: parent.field,
    list: row({
      method: 'GET',
      path: base,
      params: ItemParams,
      query,
      response: { 200: z.array(LookupRecord) },
      permission: read,
      paged: true,
      tags,
    }),
    // spec 1 §7 reads one nested record under its parent (tests/{testId}/testResultRanges/{rangeId}).
    get: row({
      method: 'GET',
      path: item,
      params: NestedItemParams,
      response: { 200: LookupRecord },
      permission: read,
      tags,
    }),
    create: row({
      method: 'POST',
      path: base,
      params: ItemParams,
      body,
      response: { 201: LookupRecord },
      permission: manage,
      tags,
    }),
    update: e.noEdit
      ? undefined
      : row({
          method: 'PUT',
          path: item,
          params: NestedItemParams,
          body: editBody,
          response: { 200: LookupRecord },
          permission: manage,
          tags,
        }),
  };
}

function build(e: LookupEntity) {
  const body = lookupInputSchema(e) as LookupBody;
  const editBody = lookupInputSchema(e, { edit: true }) as LookupBody;
  return {
    ...rowsAt(e, e.key, body, editBody),
    /** The same list at its other spellings (spec 1 §7 phoneNumberCategories). */
    aliases: (e.aliases ?? []).map((segment) => rowsAt(e, segment, body, editBody)),
    nested: e.parent ? nestedRows(e, e.parent, body, editBody) : undefined,
  };
}
export type LookupEndpoints = ReturnType<typeof build>;

const built = new Map<string, LookupEndpoints>();
/**
 * The endpoint rows of a registry list (generated from contract/lookups.registry.ts), built once per list so
 * the server registers and the table test finds the same rows, and the web builds only the lists it calls.
 */
export function lookupEndpoints(key: string): LookupEndpoints {
  let rows = built.get(key);
  if (!rows) {
    const e = LOOKUP_BY_KEY[key];
    if (!e) throw new Error(`${key} is not a configuration list (contract/lookups.registry.ts)`);
    rows = build(e);
    built.set(key, rows);
  }
  return rows;
}

/** Every row of every registry list, named `<segment>.<verb>` (`tests.nested` rows as `tests/testResultRanges.<verb>`). */
export function lookupEndpointTable(): Record<string, EndpointDef> {
  const out: Record<string, EndpointDef> = {};
  const add = (prefix: string, rows: Record<string, unknown>) => {
    for (const [verb, r] of Object.entries(rows))
      if (r && typeof r === 'object' && 'method' in r) out[`${prefix}.${verb}`] = r as EndpointDef;
  };
  for (const e of LOOKUPS) {
    const rows = lookupEndpoints(e.key);
    add(e.key, rows);
    (e.aliases ?? []).forEach((segment, i) => add(segment, rows.aliases[i]));
    if (rows.nested && e.parent) add(`${e.parent.key}/${e.key}`, rows.nested);
  }
  return out;
}

const TestParams = InstParam.extend({ id: Id });
const testTags = ['Configuration: Test'];

/** Configuration's own routes beside the generated lists: a test's range and accepted values, read and replaced together. */
export const configurationEndpoints = {
  testSetup: endpoint({
    method: 'GET',
    path: '/institutions/:instId/tests/:id/setup',
    params: TestParams,
    response: { 200: TestSetup },
    permission: read,
    tags: testTags,
  }),
  saveTestSetup: endpoint({
    method: 'PUT',
    path: '/institutions/:instId/tests/:id/setup',
    params: TestParams,
    body: TestSetupInput,
    response: { 200: TestSetup },
    permission: manage,
    tags: testTags,
  }),
};
