import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { recordColumns, ts } from '../../platform/records';
import { collectedSamples } from '../../db/referenced-tables';
import { PARENT_LEVELS, STORAGE_LEVELS } from '../../../contract/storage.contract';

/** Which level may hold which (contract PARENT_LEVELS) as one check over a node and its parent's level. */
const parentLevelRule = sql.raw(
  STORAGE_LEVELS.map((level) => {
    const parents = PARENT_LEVELS[level];
    return parents.length
      ? `(level = '${level}' and parent_level in (${parents.map((p) => `'${p}'`).join(', ')}))`
      : `(level = '${level}' and parent_level is null)`;
  }).join(' or '),
);

// The storage hierarchy (spec 2 §3): one self-referencing table for container > shelf > rack > drawer > box
// (a box also in a shelf or a rack),
// and the positions of each box. Every row carries institution_id: every query is scoped by it.

/**
 * A node of the hierarchy. A container has no parent; every other node has exactly one, of a level
 * PARENT_LEVELS allows (a box: a shelf, rack or drawer). `parent_level` is the parent's level, kept
 * true by a foreign key on (parent_id, parent_level) and checked against the node's level, so the
 * database itself refuses a rack in a box or a shelf in a rack. The service keeps children within
 * the parent's rows x columns.
 * The labeling rules the chosen lookup records stood for are copied (`*_labeling`), so renaming a
 * lookup later never changes what a box's labels mean.
 */
export const storageNodes = pgTable(
  'storage_nodes',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    level: text('level', { enum: ['container', 'shelf', 'rack', 'drawer', 'box'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => storageNodes.id),
    parentLevel: text('parent_level', { enum: STORAGE_LEVELS }),
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
    fillOrder: text('fill_order', { enum: ['row', 'column'] })
      .notNull()
      .default('row'),
    institutionSiteId: integer('institution_site_id'),
  },
  (t) => [
    index('storage_nodes_parent_idx').on(t.institutionId, t.parentId, t.id),
    // The institution's boxes or drawers, oldest first (spec 1 §7 storageContainerBoxs, storageContainerDrawers).
    index('storage_nodes_level_idx').on(t.institutionId, t.level, t.id),
    // A code is unique among its siblings whatever its case; containers are the siblings of one institution.
    uniqueIndex('storage_nodes_container_code_uq')
      .on(t.institutionId, sql`lower(${t.code})`)
      .where(sql`${t.parentId} is null and ${t.code} is not null`),
    uniqueIndex('storage_nodes_child_code_uq')
      .on(t.parentId, sql`lower(${t.code})`)
      .where(sql`${t.parentId} is not null and ${t.code} is not null`),
    check('storage_nodes_root_ck', sql`(${t.level} = 'container') = (${t.parentId} is null)`),
    check('storage_nodes_level_ck', sql`${t.level} in ('container', 'shelf', 'rack', 'drawer', 'box')`),
    check('storage_nodes_dims_ck', sql`${t.rows} between 1 and 100 and ${t.columns} between 1 and 100`),
    // Issue 28: the parent's level is true (the foreign key) and allowed for the node's level (the check).
    unique('storage_nodes_id_level_uq').on(t.id, t.level),
    foreignKey({
      name: 'storage_nodes_parent_level_fk',
      columns: [t.parentId, t.parentLevel],
      foreignColumns: [t.id, t.level],
    }),
    check('storage_nodes_parent_level_ck', parentLevelRule),
    // The nested lists name one level (a shelf's racks, a shelf's boxes), oldest first.
    index('storage_nodes_parent_level_idx').on(t.institutionId, t.parentId, t.level, t.id),
  ],
);

/** One place in a box, made with the box; `code` is its label, `ordinal` its place in fill order. */
export const boxPositions = pgTable(
  'storage_box_positions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    boxId: integer('box_id')
      .notNull()
      .references(() => storageNodes.id),
    rowIndex: integer('row_index').notNull(),
    columnIndex: integer('column_index').notNull(),
    ordinal: integer('ordinal').notNull(),
    code: text('code').notNull(),
  },
  (t) => [
    uniqueIndex('storage_box_positions_cell_uq').on(t.boxId, t.rowIndex, t.columnIndex),
    uniqueIndex('storage_box_positions_ordinal_uq').on(t.boxId, t.ordinal),
    uniqueIndex('storage_box_positions_code_uq').on(t.boxId, t.code),
    // The institution's positions box by box in fill order (spec 1 §7 storageContainerBoxPositions), a page without a sort.
    index('storage_box_positions_institution_idx').on(t.institutionId, t.boxId, t.ordinal),
  ],
);

/**
 * A sample in a position, from allocation until vacated (spec 2 §4). Rows are never deleted: a vacated
 * occupancy keeps who took the sample out, when and why. The two partial unique indexes are the rule
 * itself, whatever races: a position holds at most one sample, a sample is in at most one position.
 */
export const boxPositionOccupancies = pgTable(
  'storage_occupancies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    positionId: integer('position_id')
      .notNull()
      .references(() => boxPositions.id),
    collectedSampleId: integer('collected_sample_id')
      .notNull()
      .references(() => collectedSamples.id),
    allocatedById: integer('allocated_by_id'),
    allocatedAt: ts('allocated_at').notNull().defaultNow(),
    vacatedAt: ts('vacated_at'),
    vacatedById: integer('vacated_by_id'),
    vacateReason: text('vacate_reason'),
    concurrencyStamp: text('concurrency_stamp')
      .notNull()
      .$defaultFn(() => randomUUID()),
  },
  (t) => [
    uniqueIndex('storage_occupancies_position_open_uq')
      .on(t.positionId)
      .where(sql`${t.vacatedAt} is null`),
    uniqueIndex('storage_occupancies_sample_open_uq')
      .on(t.collectedSampleId)
      .where(sql`${t.vacatedAt} is null`),
    index('storage_occupancies_position_idx').on(t.positionId, t.id),
    index('storage_occupancies_sample_idx').on(t.collectedSampleId, t.id),
    // The institution's occupancies newest first (spec 1 §7 storageContainerBoxPositionOccupancies).
    index('storage_occupancies_institution_idx').on(t.institutionId, t.id),
    check('storage_occupancies_vacate_ck', sql`(${t.vacatedAt} is null) = (${t.vacateReason} is null)`),
  ],
);
