import { check, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns } from '../../platform/records';

// The storage hierarchy (spec 2 §3): one self-referencing table for container > shelf > rack > drawer > box,
// and the positions of each box. Every row carries institution_id: every query is scoped by it.

/**
 * A node of the hierarchy. A container has no parent; every other node's parent is one level up
 * (checked by the service, which also keeps children within the parent's rows x columns).
 * The labeling rules the chosen lookup records stood for are copied (`*_labeling`), so renaming a
 * lookup later never changes what a box's labels mean.
 */
export const storageNodes = pgTable('storage_nodes', {
  ...recordColumns(),
  institutionId: integer('institution_id').notNull(),
  level: text('level', { enum: ['container', 'shelf', 'rack', 'drawer', 'box'] }).notNull(),
  parentId: integer('parent_id').references((): AnyPgColumn => storageNodes.id),
  title: text('title').notNull(),
  code: text('code'),
  rows: integer('rows').notNull(),
  columns: integer('columns').notNull(),
  positionLabelingOptionId: integer('position_labeling_option_id').notNull(),
  positionLabeling: text('position_labeling', { enum: ['linear', 'two_dimensional'] }).notNull(),
  rowLabelingSchemaId: integer('row_labeling_schema_id').notNull(),
  rowLabeling: text('row_labeling').notNull(),
  columnLabelingSchemaId: integer('column_labeling_schema_id'),
  columnLabeling: text('column_labeling'),
  fillOrder: text('fill_order', { enum: ['row', 'column'] }).notNull().default('row'),
  institutionSiteId: integer('institution_site_id'),
}, (t) => [
  index('storage_nodes_parent_idx').on(t.institutionId, t.parentId, t.id),
  // A code is unique among its siblings whatever its case; containers are the siblings of one institution.
  uniqueIndex('storage_nodes_container_code_uq').on(t.institutionId, sql`lower(${t.code})`).where(sql`${t.parentId} is null and ${t.code} is not null`),
  uniqueIndex('storage_nodes_child_code_uq').on(t.parentId, sql`lower(${t.code})`).where(sql`${t.parentId} is not null and ${t.code} is not null`),
  check('storage_nodes_root_ck', sql`(${t.level} = 'container') = (${t.parentId} is null)`),
  check('storage_nodes_level_ck', sql`${t.level} in ('container', 'shelf', 'rack', 'drawer', 'box')`),
  check('storage_nodes_dims_ck', sql`${t.rows} between 1 and 100 and ${t.columns} between 1 and 100`),
]);

/** One place in a box, made with the box; `code` is its label, `ordinal` its place in fill order. */
export const boxPositions = pgTable('storage_box_positions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  institutionId: integer('institution_id').notNull(),
  boxId: integer('box_id').notNull().references(() => storageNodes.id),
  rowIndex: integer('row_index').notNull(),
  columnIndex: integer('column_index').notNull(),
  ordinal: integer('ordinal').notNull(),
  code: text('code').notNull(),
}, (t) => [
  uniqueIndex('storage_box_positions_cell_uq').on(t.boxId, t.rowIndex, t.columnIndex),
  uniqueIndex('storage_box_positions_ordinal_uq').on(t.boxId, t.ordinal),
  uniqueIndex('storage_box_positions_code_uq').on(t.boxId, t.code),
]);
