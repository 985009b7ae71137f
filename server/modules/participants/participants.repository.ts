import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { genders, maritalStatuses, vitalStatuses } from '../../platform/lookups/lookup.tables';
import { siteTitleOf } from '../institutions/institutions.repository';
import { patients } from './participants.table';

// The participants module's public query surface: other modules call these, never its tables.

export { byMrn } from './participants.search';

/** Newly chosen participants must be enabled participants of this institution. */
export async function assertPatientIds(tx: Db, institutionId: number, ids: number[]) {
  const found = await tx.select({ id: patients.id }).from(patients)
    .where(and(eq(patients.institutionId, institutionId), eq(patients.isEnabled, true), inArray(patients.id, ids)));
  if (found.length !== new Set(ids).size) throw badRequest('Choose participants of this institution.', { patientId: ['Choose a participant of this institution'] });
}

/** An enabled MRN of a participant as another module's detail shows it. */
export interface CardMrn { id: number; mrn: string; siteId: number | null; site: string | null }

/**
 * A participant's identity card (names, birth date, gender, marital and vital status) with its
 * enabled MRNs (oldest first, with their site titles) for another module's detail, in one statement.
 */
export async function patientCard(db: Db, patientId: number) {
  // Qualified by hand: Drizzle renders columns unqualified inside sql``.
  const mrns = sql<CardMrn[]>`coalesce((select json_agg(json_build_object('id', m.id, 'mrn', m.mrn, 'siteId', m.institution_site_id,
    'site', ${siteTitleOf(sql`m.institution_site_id`)}) order by m.id) from patient_mrns m where m.patient_id = "patients"."id" and m.is_enabled), '[]'::json)`;
  const [p] = await db.select({
    id: patients.id, firstName: patients.firstName, fatherName: patients.fatherName, grandFatherName: patients.grandFatherName, birthDate: patients.birthDate,
    genderId: patients.genderId, gender: genders.title, maritalStatusId: patients.maritalStatusId, maritalStatus: maritalStatuses.title,
    vitalStatusId: patients.vitalStatusId, vitalStatus: vitalStatuses.title, mrns,
  }).from(patients)
    .leftJoin(genders, eq(genders.id, patients.genderId))
    .leftJoin(maritalStatuses, eq(maritalStatuses.id, patients.maritalStatusId))
    .leftJoin(vitalStatuses, eq(vitalStatuses.id, patients.vitalStatusId))
    .where(eq(patients.id, patientId));
  return p;
}
