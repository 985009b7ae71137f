import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportKind } from '../../../contract/imports.contract';
import type { Db } from '../../db/client';
import { importMappingTemplates as t } from './mapping-templates.table';

// Saved column mappings of the import screen (issue 28 item 10).

export type MappingTemplateRow = typeof t.$inferSelect;

/** The institution's enabled templates of a kind, by name (any case), then age. */
export async function templateRows(db: Db, institutionId: number, kind: ImportKind) {
  return db
    .select()
    .from(t)
    .where(and(eq(t.institutionId, institutionId), eq(t.kind, kind), eq(t.isEnabled, true)))
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id));
}

export async function insertTemplate(db: Db, values: typeof t.$inferInsert) {
  const [row] = await db.insert(t).values(values).returning();
  return row;
}

/** Disables an enabled template of the institution and kind; undefined when there is none. */
export async function disableTemplateRow(db: Db, institutionId: number, kind: ImportKind, id: number) {
  const [row] = await db
    .update(t)
    .set({ isEnabled: false })
    .where(and(eq(t.id, id), eq(t.institutionId, institutionId), eq(t.kind, kind), eq(t.isEnabled, true)))
    .returning();
  return row;
}
