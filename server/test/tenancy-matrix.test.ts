// Issue 18: the tenancy matrix. Every route of the route table, as an account of institution A in
// each role, is called (1) with institution B's id in the path and (2) with A's id but every other
// path id taken from B's records (server/test/tenancy-world.ts). Zero leaks: no 2xx in (1) nor in (2),
// and no 2xx body of A's routes that holds one of B's markers; every refusal is 403 or 404 (400 when the
// input is invalid). TENANCY_MATRIX=1 writes the table to docs/tenancy-matrix.md.
import fs from 'node:fs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeAll, expect, it } from 'vitest';
import { ROLES, type Role } from '../../contract/permissions.contract';
import { LOOKUPS } from '../../contract/lookups.registry';
import { snake } from '../platform/lookups/lookup-table';
import type { ApiRoute } from '../platform/openapi';
import { testApp } from './harness';
import { createAccount, createInstitution, login } from './factories';
import { fillPath, pathParams, routeTable } from './route-table';
import { arbitraryOf } from './zod-arbitrary';
import { otherInstitutionWorld } from './tenancy-world';

const t = await testApp();

/** The table whose id a path parameter names: by the URL segment just before it. */
const DOMAIN_TABLES: Record<string, string> = {
  institutionSites: 'institution_sites',
  users: 'accounts',
  invitations: 'accounts:invitation',
  patients: 'patients',
  patientMRNs: 'patient_mrns',
  patientRaces: 'patient_races',
  patientEthnicities: 'patient_ethnicities',
  patientPhoneNumbers: 'patient_phone_numbers',
  LIMSOrders: 'lims_orders',
  limsOrderedPanels: 'lims_ordered_panels',
  limsOrderedTests: 'lims_ordered_tests',
  limsOrderedTestResults: 'lims_ordered_test_results',
  limsOrderedTestResultReleases: 'lims_ordered_test_result_releases',
  collectionProtocols: 'collection_protocols',
  collectionProtocolConsents: 'collection_protocol_consents',
  collectionProtocolSites: 'collection_protocol_sites',
  collectionProtocolEvents: 'collection_protocol_events',
  collectionProtocolEventSpecimenRequirements: 'event_specimen_requirements',
  collectionProtocolParticipants: 'collection_protocol_participants',
  collectionProtocolParticipantConsents: 'collection_protocol_participant_consents',
  storageContainers: 'storage_nodes:container',
  storageContainerShelfs: 'storage_nodes:shelf',
  storageContainerRacks: 'storage_nodes:rack',
  storageContainerDrawers: 'storage_nodes:drawer',
  storageContainerBoxes: 'storage_nodes:box',
  StorageContainerBoxPositions: 'storage_box_positions',
  StorageContainerBoxPositionOccupancies: 'storage_occupancies',
  collectedSamples: 'collected_samples',
  collectionProtocolForms: 'collection_protocol_forms',
  collectionProtocolFormFields: 'collection_protocol_form_fields',
  collectionProtocolFormFieldOptions: 'collection_protocol_form_field_options',
  submittedCollectionProtocolForms: 'submitted_collection_protocol_forms',
  collectedSampleShipments: 'shipments',
  collectedSampleShipmentItems: 'shipment_items',
  definitions: 'indicator_definitions',
  mappingTemplates: 'import_mapping_templates',
  trustedPartners: 'trusted_partner_keys',
  distributionProtocols: 'distribution_protocols',
  savedQueries: 'saved_queries',
  // The query builder's questionnaire picker (queries/questionnaires/:formId).
  questionnaires: 'collection_protocol_forms',
  researchRequests: 'research_requests',
  items: 'research_request_items',
  // FHIR export: the resource type names the table (fhir/{Type}/:id, fhir/Bundle/{participant|protocol}/:id).
  Patient: 'patients',
  ResearchStudy: 'collection_protocols',
  ResearchSubject: 'collection_protocol_participants',
  Consent: 'collection_protocol_participant_consents',
  Questionnaire: 'collection_protocol_forms',
  QuestionnaireResponse: 'submitted_collection_protocol_forms',
  Specimen: 'collected_samples',
  ServiceRequest: 'lims_orders',
  Observation: 'lims_ordered_test_results',
  Location: 'storage_nodes:container',
  participant: 'patients',
  protocol: 'collection_protocols',
};
/** Path parameters that are names, not record ids: the value every call uses. */
const LITERAL_PARAMS: Record<string, string> = { report: 'cervical', kind: 'participants', file: 'participants.csv' };
for (const l of LOOKUPS) for (const key of [l.key, ...(l.aliases ?? [])]) DOMAIN_TABLES[key] ??= snake(l.key);

const tableOf = (r: ApiRoute, param: string) => {
  const parts = r.url.split('/');
  const segment = parts[parts.indexOf(`:${param}`) - 1];
  return DOMAIN_TABLES[segment] ?? null;
};

type Outcome = { status: number; leak: boolean; note?: string };
const ROLE_LIST = [...ROLES] as Role[];
let B: Awaited<ReturnType<typeof otherInstitutionWorld>>;
let instA = 0;
const tokens = new Map<Role, string>();
/** B's first id in each table (tables without institution_id through their parent's). */
const idsOfB = new Map<string, number>();

beforeAll(async () => {
  B = await otherInstitutionWorld(t);
  const A = await createInstitution(t);
  instA = A.id;
  for (const role of ROLE_LIST) {
    const acc = await createAccount(t, { roles: [role], institutionIds: [A.id] });
    tokens.set(role, await login(t, acc.email));
  }
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  const scoped = new Set(
    (
      await rows<{ t: string }>(
        sql`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'institution_id'`,
      )
    ).map((r) => r.t),
  );
  for (const target of new Set(Object.values(DOMAIN_TABLES))) {
    const [table, level] = target.split(':');
    let q;
    if (target === 'accounts:invitation')
      q = sql`select min(a.id)::int as id from accounts a join account_institutions ai on ai.account_id = a.id where a.invited_account_id is not null and ai.institution_id = ${B.institution.id}`;
    else if (table === 'accounts')
      q = sql`select min(a.account_id)::int as id from account_institutions a where a.institution_id = ${B.institution.id} and a.account_id not in (select account_id from account_institutions where institution_id <> ${B.institution.id})`;
    else if (level)
      q = sql`select min(id)::int as id from storage_nodes where institution_id = ${B.institution.id} and level = ${level}`;
    else if (scoped.has(table))
      q = sql`select min(id)::int as id from ${sql.identifier(table)} where institution_id = ${B.institution.id}`;
    else throw new Error(`tenancy matrix: ${table} has no institution_id; say how to find B's row`);
    const [row] = await rows<{ id: number | null }>(q);
    if (row?.id) idsOfB.set(target, row.id);
  }
}, 240_000);

const GLOBAL_WRITES_SKIPPED = /\/Authentication\//;
/**
 * Routes that serve every institution's records on purpose (config `anyInstitution`): the sites of any
 * institution, which shipments and protocol sites choose from (docs/permissions.md). Their 200 with B's
 * institution is by design and shown as such in the matrix.
 */
const SHARED_ACROSS_INSTITUTIONS = new Set(['GET /api/institutions/:instId/institutionSites']);

it("no route leaks another institution's data to any role; every refusal is 403, 404 or 400", async () => {
  const started = Date.now();
  const routes = routeTable(t).filter((r) => !GLOBAL_WRITES_SKIPPED.test(r.url) || r.method === 'GET');
  const bodies = new Map<ApiRoute, unknown>();
  for (const [i, r] of routes.entries()) {
    // A JSON object or array (a generated string would be refused as 415 before the route runs).
    const samples = r.schema.body
      ? fc.sample(arbitraryOf(r.schema.body as z.ZodType), { seed: 18_000 + i, numRuns: 20 })
      : [];
    bodies.set(r, samples.find((b) => typeof b === 'object' && b !== null) ?? (r.schema.body ? {} : undefined));
  }
  const matrix: {
    route: ApiRoute;
    theirs: Map<Role, Outcome | null>;
    mixed: Map<Role, Outcome | null>;
    missing: string[];
  }[] = [];
  const failures: string[] = [];
  const isRefusal = (s: number) => s === 403 || s === 404 || s === 400;
  const call = async (r: ApiRoute, role: Role, url: string): Promise<Outcome> => {
    const res = await t.call(r.method, url, {
      token: tokens.get(role),
      body: r.schema.body ? (bodies.get(r) ?? {}) : undefined,
    });
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const marker = ok ? B.markers.find((m) => res.body.includes(m)) : undefined;
    return { status: res.statusCode, leak: Boolean(marker), note: marker };
  };

  for (const r of routes) {
    const params = pathParams(r).filter((p) => p !== 'instId' && !(p in LITERAL_PARAMS));
    const hasInst = r.url.includes(':instId');
    const missing = params
      .filter((p) => !idsOfB.has(tableOf(r, p) ?? '?'))
      .map((p) => `${p}${tableOf(r, p) ? '' : ' (no table)'}`);
    const unknownTable = params.filter((p) => !tableOf(r, p));
    if (unknownTable.length)
      failures.push(`${r.method} ${r.url}: no table for ${unknownTable.join(', ')} (add it to DOMAIN_TABLES)`);
    const row = { route: r, theirs: new Map<Role, Outcome | null>(), mixed: new Map<Role, Outcome | null>(), missing };
    matrix.push(row);
    const idOf = (p: string) => LITERAL_PARAMS[p] ?? String(idsOfB.get(tableOf(r, p) ?? '') ?? 2_000_000_000);
    // The roles in parallel (PGlite runs one statement at a time; the requests' own work overlaps).
    await Promise.all(
      ROLE_LIST.map(async (role) => {
        const superAdmin = role === 'Super Administrator';
        // (1) B's institution in the path: only a Super Administrator belongs everywhere.
        if (hasInst && !superAdmin) {
          const o = await call(
            r,
            role,
            fillPath(r, (p) => (p === 'instId' ? String(B.institution.id) : idOf(p))),
          );
          row.theirs.set(role, o);
          if (SHARED_ACROSS_INSTITUTIONS.has(`${r.method} ${r.url}`) && o.status === 200) o.note = 'shared';
          else if (!isRefusal(o.status))
            failures.push(`${role} ${r.method} ${r.url} with B's institution: ${o.status}`);
        } else row.theirs.set(role, null);
        // (2) A's institution with B's record ids; routes without ids: GETs only (the body is checked for B's markers).
        const global = !hasInst;
        if ((params.length || r.method === 'GET') && !(global && superAdmin)) {
          const o = await call(
            r,
            role,
            fillPath(r, (p) => (p === 'instId' ? String(instA) : idOf(p))),
          );
          row.mixed.set(role, o);
          const ok = o.status >= 200 && o.status < 300;
          if (o.leak) failures.push(`${role} ${r.method} ${r.url}: 2xx holding B's '${o.note}'`);
          else if (params.length && ok) failures.push(`${role} ${r.method} ${r.url} with B's ids: ${o.status}`);
          else if (!ok && !isRefusal(o.status)) failures.push(`${role} ${r.method} ${r.url} with B's ids: ${o.status}`);
        } else row.mixed.set(role, null);
      }),
    );
  }
  const calls = matrix.reduce((n, m) => n + [...m.theirs.values(), ...m.mixed.values()].filter(Boolean).length, 0);
  console.info(
    `tenancy matrix: ${routes.length} routes x ${ROLE_LIST.length} roles, ${calls} calls, ${failures.length} failures, ${Date.now() - started} ms`,
  );
  if (process.env.TENANCY_MATRIX) fs.writeFileSync('docs/tenancy-matrix.md', renderMatrix(matrix, calls));
  expect(failures).toEqual([]);
}, 300_000);

const ABBREV: Record<string, string> = {
  Administrator: 'Adm',
  'Bench Scientist': 'BSc',
  Clinician: 'Cli',
  Coordinator: 'Coo',
  'Institution Administrator': 'IAd',
  'Principal Investigator': 'PI',
  Researcher: 'Res',
  'Site Administrator': 'SAd',
  'Super Administrator': 'Sup',
  Technician: 'Tec',
  'Tissue Banker': 'TBk',
};

function renderMatrix(
  matrix: { route: ApiRoute; theirs: Map<Role, Outcome | null>; mixed: Map<Role, Outcome | null>; missing: string[] }[],
  calls: number,
) {
  const bodyFirst = matrix.reduce((n, m) => n + [...m.mixed.values()].filter((o) => o?.status === 400).length, 0);
  const status = (o: Outcome | null | undefined) => (o ? `${o.status}${o.note === 'shared' ? '*' : ''}` : '–');
  const cell = (a: Outcome | null | undefined, b: Outcome | null | undefined) => `${status(a)}/${status(b)}`;
  const lines = [
    '# Tenancy matrix',
    '',
    'Generated by `server/test/tenancy-matrix.test.ts` (`TENANCY_MATRIX=1 npx vitest run server/test/tenancy-matrix.test.ts`);',
    "do not edit by hand. Institution A's accounts, one per role, call every route of the route table:",
    '',
    "- **first number**: with institution B's id in the path (`:instId` = B) and B's record ids;",
    "- **second number**: with A's id in the path and every other path id taken from B's records (a route with",
    "  no other id: GET only, and its 2xx body must not hold any of B's markers — B's title, a participant's MRN,",
    "  an account's e-mail, a sample ID);",
    "- `–`: not applicable (a Super Administrator belongs to every institution; writes with no id but A's are not a",
    '  tenancy case; sign-in, sign-out and password change are skipped).',
    '',
    "A 2xx in the first column, or in the second for a route with any of B's ids, would be a leak (a 2xx of a",
    "route whose only id is A's is A's own data, checked for B's markers); the test fails on any, and on any refusal",
    'other than 403, 404 or 400. A 400 means the generated body was refused before the record was looked up, so',
    `that cell does not exercise the record's scope (${bodyFirst} cells; the module tests do, with valid bodies).`,
    'Routes marked † had no record of',
    "B of that kind to use, so a far id stood in. `200*`: the route serves every institution's records by design",
    '(the sites of any institution, which shipments and protocol sites choose from: docs/permissions.md).',
    '',
    `Roles: ${ROLE_LIST.map((r) => `${ABBREV[r]} = ${r}`).join(', ')}.`,
    '',
    `Last run: ${matrix.length} routes, ${calls} calls, 0 leaks.`,
    '',
    `| route | ${ROLE_LIST.map((r) => ABBREV[r]).join(' | ')} |`,
    `| --- | ${ROLE_LIST.map(() => '---').join(' | ')} |`,
  ];
  for (const m of matrix) {
    const url = m.route.url.replace('/api/institutions/:instId', '…').replace(/\|/g, '\\|');
    lines.push(
      `| ${m.route.method} ${url}${m.missing.length ? ' †' : ''} | ${ROLE_LIST.map((r) => cell(m.theirs.get(r), m.mixed.get(r))).join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
