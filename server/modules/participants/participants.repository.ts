import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { genders, maritalStatuses, vitalStatuses } from '../../platform/lookups/lookup.tables';
import { siteTitles } from '../institutions/institutions.repository';
import { patientMrns, patients } from './participants.table';

// The participants module's public query surface: other modules call these, never its tables.

export { byMrn } from './participants.search';

/** Newly chosen participants must be enabled participants of this institution. */
export async function assertPatientIds(tx: Db, institutionId: number, ids: number[]) {
  const found = await tx.select({ id: patients.id }).from(patients)
    .where(and(eq(patients.institutionId, institutionId), eq(patients.isEnabled, true), inArray(patients.id, ids)));
  if (found.length !== new Set(ids).size) throw badRequest('Choose participants of this institution.', { patientId: ['Choose a participant of this institution'] });
}

/** A participant's identity card (names, birth date, gender, marital and vital status) for another module's detail. */
export async function patientCard(db: Db, patientId: number) {
  const [p] = await db.select({
    id: patients.id, firstName: patients.firstName, fatherName: patients.fatherName, grandFatherName: patients.grandFatherName, birthDate: patients.birthDate,
    genderId: patients.genderId, gender: genders.title, maritalStatusId: patients.maritalStatusId, maritalStatus: maritalStatuses.title,
    vitalStatusId: patients.vitalStatusId, vitalStatus: vitalStatuses.title,
  }).from(patients)
    .leftJoin(genders, eq(genders.id, patients.genderId))
    .leftJoin(maritalStatuses, eq(maritalStatuses.id, patients.maritalStatusId))
    .leftJoin(vitalStatuses, eq(vitalStatuses.id, patients.vitalStatusId))
    .where(eq(patients.id, patientId));
  return p;
}

/** A participant's enabled MRNs with their site titles, oldest first. */
export async function enabledMrns(db: Db, patientId: number) {
  const rows = await db.select({ id: patientMrns.id, mrn: patientMrns.mrn, siteId: patientMrns.institutionSiteId }).from(patientMrns)
    .where(and(eq(patientMrns.patientId, patientId), eq(patientMrns.isEnabled, true))).orderBy(asc(patientMrns.id));
  const titles = await siteTitles(db, [...new Set(rows.map((r) => r.siteId).filter((x): x is number => x !== null))]);
  return rows.map((r) => ({ ...r, site: r.siteId === null ? null : titles.get(r.siteId) ?? null }));
}
