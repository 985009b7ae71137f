import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientEthnicities, patientMrns, patientPhoneNumbers, patientRaces, patients } from './participants.table';

// The CSV import's SQL: one MRN lookup per checked batch, and set-based inserts of the checked participants.

/** Which of these lower-case MRNs are already main MRNs (no site) in the institution: one query, answered lower-case. */
export async function registeredMainMrns(db: Db, institutionId: number, lowerMrns: string[]) {
  const rows = await db
    .select({ mrn: sql<string>`lower(${patientMrns.mrn})` })
    .from(patientMrns)
    .where(
      and(
        eq(patientMrns.institutionId, institutionId),
        isNull(patientMrns.institutionSiteId),
        inArray(sql`lower(${patientMrns.mrn})`, lowerMrns),
      ),
    );
  return rows.map((r) => r.mrn);
}

/** Inserts participants in one statement; answers their ids in the order given. */
export async function insertPatientRows(db: Db, rows: (typeof patients.$inferInsert)[]) {
  const inserted = await db.insert(patients).values(rows).returning({ id: patients.id });
  return inserted.map((x) => x.id);
}

export const insertMrnRows = async (db: Db, rows: (typeof patientMrns.$inferInsert)[]) => {
  await db.insert(patientMrns).values(rows);
};
export const insertRaceRows = async (db: Db, rows: (typeof patientRaces.$inferInsert)[]) => {
  await db.insert(patientRaces).values(rows);
};
export const insertEthnicityRows = async (db: Db, rows: (typeof patientEthnicities.$inferInsert)[]) => {
  await db.insert(patientEthnicities).values(rows);
};
export const insertPhoneRows = async (db: Db, rows: (typeof patientPhoneNumbers.$inferInsert)[]) => {
  await db.insert(patientPhoneNumbers).values(rows);
};
