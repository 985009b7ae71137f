import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ImportKind } from '../../../contract/imports.contract';
import { recordColumns } from '../../platform/records';
import { institutions } from '../../db/referenced-tables';

// Saved column mappings of the import screen (issue 28 item 10; docs/imports.md): per institution and import
// kind, named; a deleted one is disabled (records are never deleted), so its name is free again.

export const importMappingTemplates = pgTable(
  'import_mapping_templates',
  {
    ...recordColumns(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** participants | samples | storage (IMPORT_KINDS) */
    kind: text('kind').$type<ImportKind>().notNull(),
    name: text('name').notNull(),
    /** CSV header -> field ('' ignores the column). */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  },
  (t) => [
    uniqueIndex('import_mapping_templates_name_uq')
      .on(t.institutionId, t.kind, sql`lower(${t.name})`)
      .where(sql`${t.isEnabled}`),
    index('import_mapping_templates_inst_idx').on(t.institutionId, t.kind),
    check('import_mapping_templates_kind_ck', sql`${t.kind} in ('participants', 'samples', 'storage')`),
  ],
);
