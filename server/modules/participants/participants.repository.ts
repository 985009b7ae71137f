import type { IdParam } from '../../platform/export-scope';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SeekPagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { participantErrors } from './participants.errors';
import { anyId, preparedStatements } from '../../platform/statement-cache';
import { genders, maritalStatuses, patientTypes, vitalStatuses } from '../../platform/lookups/lookup.tables';
import { lookupJoin, lookupTitleSql, type AnyLookupTable } from '../../platform/lookups/lookup-refs';
import { offsetOf, type Page } from '../../platform/paging';
import { recordsOnQuery, recordsOnRows, type RefJoin, selectRecords } from '../../platform/record-refs';
import { cappedTotal, cheapCount } from '../../platform/counts';
import { updateStamped } from '../../platform/crud/stamp';
import { siteTitleOf } from '../institutions';
import { patientMrns, patientPhoneNumbers, patients } from './participants.table';

// The participants module's participant queries: its own services' (the records, the list, the count)
// and its public query surface, which other modules call (through index.ts), never its tables.

export { byMrn } from './search.repository';
import {
  byMrn as byMrnSql,
  byPhone,
  foldName,
  identifierSearchSource,
  identifierSearchValues,
  nameSearchSource,
  nameSearchValues,
  nameWordMatches,
  type SearchScope,
  SEARCH_TOTAL_CAP,
  searchCountAtMost,
  searchIds,
  searchPatients,
  searchTiers,
} from './search.repository';
import { qualified } from '../../platform/qualified';
import { MSG } from '../../../contract/messages';

/** A participant's stored row. */
export type PatientRow = typeof patients.$inferSelect;
/** A new participant's stored columns. */
export type NewPatient = typeof patients.$inferInsert;

const refs = () => [
  lookupJoin('gender', 'genders', patients.genderId),
  lookupJoin('maritalStatus', 'maritalStatuses', patients.maritalStatusId),
  lookupJoin('vitalStatus', 'vitalStatuses', patients.vitalStatusId),
  lookupJoin('patientType', 'patientTypes', patients.patientTypeId),
];
/** The names of a participant's references (refs). */
type PatientRef = ReturnType<typeof refs>[number] extends RefJoin<infer N> ? N : never;
const extra = {
  patientMRN: sql<
    string | null
  >`(select m.mrn from patient_mrns m where m.patient_id = ${qualified(patients.id)} and m.institution_site_id is null and m.is_enabled order by m.id limit 1)`,
  phoneNumber: sql<
    string | null
  >`(select ph.phone_number from patient_phone_numbers ph where ph.patient_id = ${qualified(patients.id)} and ph.is_enabled order by ph.id limit 1)`,
};

/** The participants list's exact lookups (spec 1 §7: patients?PhoneNumber, MRN). */
export interface PatientFilters {
  phoneNumber?: string;
  mrn?: string;
}

/** A page of the institution's participants, newest first (a search: best match first), with their lookups, main MRN and first phone number. */
export async function patientPage(
  db: Db,
  institutionId: number,
  q: SeekPagingQuery,
  f: PatientFilters,
  language?: string,
) {
  if (q.searchTerm?.trim()) return searchPage(db, institutionId, q, q.searchTerm, f, language);
  const parts: SQL[] = [eq(patients.institutionId, institutionId)];
  if (q.isEnabled !== undefined) parts.push(eq(patients.isEnabled, q.isEnabled));
  if (f.phoneNumber) parts.push(byPhone(institutionId, f.phoneNumber));
  if (f.mrn) parts.push(byMrnSql(institutionId, f.mrn));
  return selectRecords(db, patients, {
    where: and(...parts),
    byId: { desc: true, after: q.after },
    // The whole list (no search or filter): page N by number seeks from page-anchors.ts.
    ...(parts.length === 1 ? { wholeScope: { column: patients.institutionId, value: institutionId } } : {}),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra,
    language,
  });
}

/** The participants of the institution as a list shows them, in the order of `ids`. */
async function patientsInOrder(db: Db, institutionId: number, ids: number[], language?: string) {
  if (!ids.length) return [];
  // One array of ids and no limit (the ids are the page): one text, prepared by name, whose generic plan PostgreSQL
  // keeps; `in ($2, ..., $11)` was a text per count, built and planned on every search (issue 30).
  const { rows } = await selectRecords(db, patients, {
    where: and(eq(patients.institutionId, institutionId), anyId(patients.id, ids)),
    byId: { desc: true },
    refs: refs(),
    extra,
    language,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A search in one statement, prepared by name: its records read from `source` (identifierSearchSource, nameSearchSource). */
const oneStatementSearch = (site: string, source: () => SQL) =>
  preparedStatements(site, (db: Db) =>
    recordsOnQuery(db, patients, {
      source: sql`${source()} as pg`,
      key: sql`pg.id`,
      order: sql`pg.pos nulls first`,
      values: { final: sql`pg.final`, ids: sql`pg.ids` },
      refs: refs(),
      extra,
    }),
  );
const identifierStatement = oneStatementSearch('participants.search.identifier', identifierSearchSource);
const nameStatement = oneStatementSearch('participants.search.name', nameSearchSource);

/**
 * The ids (the first `need`) and the page's records of a search in one statement planned once: by identifier when an
 * identifier equals the term (identifierSearchSource), by a walk over the newest names for a common name
 * (nameSearchSource); null when the term is neither shape, or the statement does not answer it alone (no identifier
 * equals it, a part reached its cap, a rare name): the caller searches as before.
 */
async function oneStatementPage(
  db: Db,
  scope: SearchScope,
  term: string,
  need: number,
  offset: number,
  size: number,
  language?: string,
) {
  const byId = identifierSearchValues(scope, term, need, offset, size);
  const byName = byId ? null : nameSearchValues(scope, term, need, offset, size);
  let raw: Record<string, unknown>[];
  if (byId) raw = await identifierStatement(db, '', true).execute(byId);
  else if (byName) raw = await nameStatement(db, '', true).execute(byName);
  else return null;
  const read = recordsOnRows<typeof patients, PatientRef, typeof extra>(raw, refs(), language);
  const head = read[0].values;
  if (head.final !== true) return null;
  const ids = Array.isArray(head.ids) ? head.ids.map(Number) : [];
  return { ids, rows: read.flatMap((r) => r.record ?? []) };
}

/**
 * A page of a search (issue 30, docs/search.md): the ids in tier order (exact, from the start, any part),
 * each tier read only as far as the page needs; the total exact up to SEARCH_TOTAL_CAP, beyond it "1,000+"
 * (TotalIsAtLeast). `After` (the last id of the previous page) starts the page after that participant in
 * the search's order; the header is the offset page's.
 */
async function searchPage(
  db: Db,
  institutionId: number,
  q: SeekPagingQuery,
  term: string,
  f: PatientFilters,
  language?: string,
) {
  const also: SQL[] = [];
  if (f.phoneNumber) also.push(byPhone(institutionId, f.phoneNumber));
  if (f.mrn) also.push(byMrnSql(institutionId, f.mrn));
  const scope = { institutionId, isEnabled: q.isEnabled, also };
  const tiers = searchTiers(scope, term);
  const offset = offsetOf(q);
  const size = q.pageSize;
  // One row beyond the page tells whether more follow; a cursor may sit up to a page further.
  let need = offset + size + 1 + (q.after === undefined ? 0 : size);
  const oneStatement =
    q.after === undefined ? await oneStatementPage(db, scope, term, need, offset, size, language) : null;
  let ids: number[];
  let rows: Awaited<ReturnType<typeof patientsInOrder>>;
  if (oneStatement) ({ ids, rows } = oneStatement);
  else {
    ids = await searchIds(db, tiers, need);
    let start = offset;
    if (q.after !== undefined) {
      const at = ids.indexOf(q.after);
      start = at < 0 ? ids.length : at + 1;
      if (at >= 0 && ids.length >= need && start + size + 1 > ids.length) {
        need = start + size + 1;
        ids = await searchIds(db, tiers, need);
      }
    }
    rows = await patientsInOrder(db, institutionId, ids.slice(start, start + size), language);
  }
  const key = JSON.stringify([
    institutionId,
    term.trim().toLowerCase(),
    q.isEnabled ?? null,
    f.phoneNumber ?? null,
    f.mrn ?? null,
  ]);
  const onPage = Math.max(0, Math.min(size, ids.length - offset));
  const { total, atLeast } = await cappedTotal(
    () => searchCountAtMost(db, tiers, key),
    { offset, rows: onPage, hasMore: ids.length > offset + size },
    SEARCH_TOTAL_CAP,
  );
  const page: Page<(typeof rows)[number]> = { rows, total, ...(atLeast ? { totalIsAtLeast: true } : {}) };
  return page;
}

/** The institution's enabled participants: exact up to 10,000, above it the planner's estimate (platform/counts.ts). */
export async function countEnabledPatients(db: Db, institutionId: number) {
  return cheapCount(db, () =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.institutionId, institutionId), eq(patients.isEnabled, true)))
      .$dynamic(),
  );
}

/** A participant of the institution as the API answers it (lookups, main MRN, first phone number), or undefined. */
export async function patientRecord(db: Db, institutionId: number, id: number, language?: string) {
  const page = await selectRecords(db, patients, {
    where: and(eq(patients.id, id), eq(patients.institutionId, institutionId)),
    orderBy: patients.id,
    limit: 1,
    refs: refs(),
    extra,
    language,
  });
  return page.rows[0];
}

/** A participant's stored row in the institution, or undefined. */
export async function patientRow(db: Db, institutionId: number, id: number): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.institutionId, institutionId)))
    .limit(1);
  return row;
}

/** Whether the institution has the participant (any state). */
export async function patientExists(db: Db, institutionId: number, id: number) {
  const [p] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.institutionId, institutionId)))
    .limit(1);
  return p !== undefined;
}

export async function insertPatient(db: Db, values: NewPatient): Promise<PatientRow> {
  const [row] = await db.insert(patients).values(values).returning();
  return row;
}

/** Changes a participant's fields, guarded by its concurrency stamp (a stale one is a 409). */
export async function updatePatientRow(
  db: Db,
  institutionId: number,
  id: number,
  stamp: string | undefined,
  values: Partial<NewPatient>,
) {
  return updateStamped(db, patients, eq(patients.institutionId, institutionId), id, stamp, values, 'Participant');
}

/** Newly chosen participants must be enabled participants of this institution. */
export async function assertPatientIds(tx: Db, institutionId: number, ids: number[]) {
  const found = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.institutionId, institutionId), eq(patients.isEnabled, true), inArray(patients.id, ids)));
  if (found.length !== new Set(ids).size)
    throw participantErrors.other_institution({
      patientId: [MSG.chooseInstitutionParticipant],
    });
}

/** An enabled MRN of a participant as another module's detail shows it. */
export interface CardMrn {
  id: number;
  mrn: string;
  siteId: number | null;
  site: string | null;
}

/**
 * A participant's identity card (names, birth date, gender, marital and vital status) with its enabled MRNs (oldest
 * first, with their site titles), for another module's detail to place in its own statement (json-rows.ts): the
 * participant is the placeholder `patientId` (null: no row), the statuses' titles in the placeholder `language` when
 * the institution gave one (issue 33 item 4; the default language has no entry in `titles`).
 */
export function patientCardQuery(db: Db) {
  const titleIn = (t: typeof genders) =>
    sql<string | null>`coalesce(nullif(btrim(${t.titles} ->> ${sql.placeholder('language')}::text), ''), ${t.title})`;
  const mrns = sql<
    CardMrn[]
  >`coalesce((select json_agg(json_build_object('id', m.id, 'mrn', m.mrn, 'siteId', m.institution_site_id,
    'site', ${siteTitleOf(sql`m.institution_site_id`)}) order by m.id) from patient_mrns m where m.patient_id = ${qualified(patients.id)} and m.is_enabled), '[]'::json)`;
  return db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      fatherName: patients.fatherName,
      grandFatherName: patients.grandFatherName,
      birthDate: patients.birthDate,
      genderId: patients.genderId,
      gender: titleIn(genders),
      maritalStatusId: patients.maritalStatusId,
      maritalStatus: titleIn(maritalStatuses),
      vitalStatusId: patients.vitalStatusId,
      vitalStatus: titleIn(vitalStatuses),
      mrns,
    })
    .from(patients)
    .leftJoin(genders, eq(genders.id, patients.genderId))
    .leftJoin(maritalStatuses, eq(maritalStatuses.id, patients.maritalStatusId))
    .leftJoin(vitalStatuses, eq(vitalStatuses.id, patients.vitalStatusId))
    .where(eq(patients.id, sql.placeholder('patientId')));
}

const likeStart = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A protocol list's filters of its participants (spec 2 §7), and its SearchTerm. */
export interface PatientMatch {
  externalSubjectId?: string;
  nameQuery?: string;
  phoneNumberQuery?: string;
  genderIds?: number[];
  searchTerm?: string;
}

/**
 * Participants of the institution matching a protocol list's filters (spec 2 §7: ExternalSubjectID,
 * NameQuery, PhoneNumberQuery, GenderIDs; SearchTerm as the participants list searches), as a sub-select
 * of ids for `x in (...)`, each a test of one participant row, so the list checks its own rows only; null when no filter. External id and phone match from the start;
 * every word of the name starts one of the name parts; the gender is any of those listed.
 */
export function patientIdsMatching(institutionId: number, f: PatientMatch): SQL | null {
  const parts: SQL[] = [];
  if (f.genderIds?.length) parts.push(inArray(patients.genderId, f.genderIds));
  if (f.searchTerm) parts.push(searchPatients(f.searchTerm));
  if (f.externalSubjectId) parts.push(sql`lower(${patients.externalSubjectId}) like ${likeStart(f.externalSubjectId)}`);
  for (const w of foldName(f.nameQuery ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)) {
    parts.push(nameWordMatches(w));
  }
  if (f.phoneNumberQuery) {
    parts.push(sql`exists (select 1 from ${patientPhoneNumbers} where ${patientPhoneNumbers.patientId} = ${patients.id}
      and ${patientPhoneNumbers.isEnabled} and ${patientPhoneNumbers.phoneNumber} like ${likeStart(f.phoneNumberQuery.replace(/[\s-]/g, ''))})`);
  }
  if (!parts.length) return null;
  return sql`select ${patients.id} from ${patients} where ${patients.institutionId} = ${institutionId} and ${sql.join(parts, sql` and `)}`;
}

/** `{id, title}` of a list's record (`fk`), its title in `language` (lookupTitleSql); the table unaliased, as that reads it. */
const refOf = (t: AnyLookupTable, key: string, fk: SQL, language: string | undefined) =>
  sql`(select json_build_object('id', ${t.id}, 'title', ${lookupTitleSql(t, key, language)}) from ${t} where ${t.id} = ${fk})`;
/**
 * A participant as a protocol list shows it, one JSON value per row (`patientId` is an outer expression).
 * A participant's name card inside another module's statement: its lists' titles in `language` when the institution
 * gave one (the questionnaire report's CSV and page, issue 33 item 4), else the default titles.
 */
export const patientSummaryOf = (patientId: SQL, language?: string) => sql<{
  id: number;
  firstName: string;
  fatherName: string;
  grandFatherName: string;
  birthDate: string;
  externalSubjectId: string | null;
  patientMRN: string | null;
  phoneNumber: string | null;
  gender: Ref;
  maritalStatus: Ref;
  vitalStatus: Ref;
  patientType: Ref;
}>`(select json_build_object('id', p.id, 'firstName', p.first_name, 'fatherName', p.father_name, 'grandFatherName', p.grand_father_name,
  'birthDate', p.birth_date, 'externalSubjectId', p.external_subject_id,
  'patientMRN', (select m.mrn from patient_mrns m where m.patient_id = p.id and m.institution_site_id is null and m.is_enabled order by m.id limit 1),
  'phoneNumber', (select ph.phone_number from patient_phone_numbers ph where ph.patient_id = p.id and ph.is_enabled order by ph.id limit 1),
  'gender', ${refOf(genders, 'genders', sql`p.gender_id`, language)},
  'maritalStatus', ${refOf(maritalStatuses, 'maritalStatuses', sql`p.marital_status_id`, language)},
  'vitalStatus', ${refOf(vitalStatuses, 'vitalStatuses', sql`p.vital_status_id`, language)},
  'patientType', ${refOf(patientTypes, 'patientTypes', sql`p.patient_type_id`, language)})
  from patients p where p.id = ${patientId})`;
type Ref = { id: number; title: string | null } | null;

/**
 * What another module's list shows of its rows' participant in the same statement (`patientId` is the outer
 * row's column, e.g. an order's): the name card, the institution-wide MRN, and a filter by MRN (any case, enabled).
 */
export const patientColumnsOf = (patientId: SQL) => ({
  card: sql<{
    id: number;
    firstName: string;
    fatherName: string;
    grandFatherName: string;
  }>`(select json_build_object('id', p.id, 'firstName', p.first_name, 'fatherName', p.father_name, 'grandFatherName', p.grand_father_name) from patients p where p.id = ${patientId})`,
  mrn: sql<
    string | null
  >`(select m.mrn from patient_mrns m where m.patient_id = ${patientId} and m.institution_site_id is null and m.is_enabled order by m.id limit 1)`,
  withMrn: (institutionId: number, mrn: string) =>
    sql`${patientId} in (select id from patients where ${byMrnSql(institutionId, mrn)})`,
});

/** Participants' names ("First Father") by id within one institution, for messages. */
export async function patientNames(db: Db, institutionId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: patients.id, firstName: patients.firstName, fatherName: patients.fatherName })
    .from(patients)
    .where(and(eq(patients.institutionId, institutionId), inArray(patients.id, ids)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.fatherName}`]));
}

/** A participant as the FHIR export maps it (docs/fhir.md): identity, enabled MRNs, phones, races and ethnicities. */
export interface ExportPatient {
  id: number;
  isEnabled: boolean;
  firstName: string;
  fatherName: string;
  grandFatherName: string;
  birthDate: string;
  deathDate: string | null;
  externalSubjectId: string | null;
  genderCode: string | null;
  gender: string | null;
  mrns: { mrn: string; siteId: number | null; site: string | null }[];
  phones: { phoneNumber: string; type: string | null; category: string | null }[];
  races: string[];
  ethnicities: string[];
}

/** Participants of the institution by id (others' ids are simply absent), for an export: one statement whatever their number. */
export async function exportPatients(db: Db, institutionId: number, ids: number[]): Promise<ExportPatient[]> {
  if (!ids.length) return [];
  return exportPatientsQuery(db, institutionId, ids);
}

/** exportPatients as a select builder (json-rows.ts: a part of a bundle's one statement). */
export function exportPatientsQuery(db: Db, institutionId: IdParam, ids: IdParam[]) {
  const mrns = sql<
    ExportPatient['mrns']
  >`coalesce((select json_agg(json_build_object('mrn', m.mrn, 'siteId', m.institution_site_id,
    'site', ${siteTitleOf(sql`m.institution_site_id`)}) order by m.institution_site_id nulls first, m.id) from patient_mrns m where m.patient_id = ${qualified(patients.id)} and m.is_enabled), '[]'::json)`;
  const phones = sql<
    ExportPatient['phones']
  >`coalesce((select json_agg(json_build_object('phoneNumber', ph.phone_number, 'type', t.title, 'category', c.title) order by ph.id)
    from patient_phone_numbers ph left join phone_number_types t on t.id = ph.phone_number_type_id
    left join phone_number_type_categories c on c.id = t.phone_number_type_category_id
    where ph.patient_id = ${qualified(patients.id)} and ph.is_enabled), '[]'::json)`;
  const races = sql<
    string[]
  >`coalesce((select json_agg(x.title order by r.id) from patient_races r join races x on x.id = r.race_id
    where r.patient_id = ${qualified(patients.id)} and r.is_enabled), '[]'::json)`;
  const ethnicities = sql<
    string[]
  >`coalesce((select json_agg(x.title order by e.id) from patient_ethnicities e join ethnicities x on x.id = e.ethnicity_id
    where e.patient_id = ${qualified(patients.id)} and e.is_enabled), '[]'::json)`;
  return db
    .select({
      id: patients.id,
      isEnabled: patients.isEnabled,
      firstName: patients.firstName,
      fatherName: patients.fatherName,
      grandFatherName: patients.grandFatherName,
      birthDate: patients.birthDate,
      deathDate: patients.deathDate,
      externalSubjectId: patients.externalSubjectId,
      genderCode: sql<string | null>`${genders.abbreviation}`,
      gender: sql<string | null>`${genders.title}`,
      mrns,
      phones,
      races,
      ethnicities,
    })
    .from(patients)
    .leftJoin(genders, eq(genders.id, patients.genderId))
    .where(and(eq(patients.institutionId, institutionId), inArray(patients.id, ids)))
    .orderBy(patients.id);
}

/** Whether the participant another module's column names has the enabled MRN `mrn` (any case) in the institution (a filter of that module's query). */
export const hasMrn = (
  patientId: SQL,
  institutionId: number,
  mrn: string,
) => sql`${patientId} = any(array(select ${patientMrns.patientId} from ${patientMrns}
  where ${patientMrns.institutionId} = ${institutionId} and lower(${patientMrns.mrn}) = ${mrn.trim().toLowerCase()} and ${patientMrns.isEnabled}))`;

/** The participant of the institution whose enabled MRN is `mrn` (any case), or null. */
export async function patientIdByMrn(db: Db, institutionId: number, mrn: string) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.institutionId, institutionId), byMrnSql(institutionId, mrn)))
    .limit(1);
  return row?.id ?? null;
}
