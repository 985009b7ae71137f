import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The name parts as the search compares them: lims_fold of each (lower case without combining marks), stored by
 * PostgreSQL as generated columns of `patients` (migration 0063) and indexed there. Stored, a search tests the
 * folded text it reads instead of folding every name its index range returns again (issue 30: 'Abebe Girma' at
 * 100,000 participants on PGlite folded 8,036 names per request).
 *
 * A read-only view of those columns for the search statements, not exported from db/schema.ts: the columns are
 * derived, not part of the record, so `patients` does not declare them and no read of a whole participant (the
 * API's answers, the audit's before and after, exports) carries them; drizzle-kit leaves them alone (the migration
 * that adds them is written by hand).
 */
export const foldedNames = pgTable('patients', {
  firstName: text('first_name_fold').notNull(),
  fatherName: text('father_name_fold').notNull(),
  grandFatherName: text('grand_father_name_fold').notNull(),
});

/** The three folded name columns, in the order of the name parts (first, father's, grandfather's). */
export const foldedNameColumns = [foldedNames.firstName, foldedNames.fatherName, foldedNames.grandFatherName];
