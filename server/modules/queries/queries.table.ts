import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { CriteriaGroup, QueryDimension } from '../../../contract/queries.contract';
import { recordColumns } from '../../platform/records';
import { accounts, distributionProtocols } from '../../db/referenced-tables';

// Saved queries of the query builder (issue 32 item 4, docs/research.md). Every row carries institution_id.

/** A named criteria tree of one institution, owned by the account that saved it. Never deleted, only disabled. */
export const savedQueries = pgTable(
  'saved_queries',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => accounts.id),
    /** The criteria as the contract's CriteriaTree validated them (checked again on every read). */
    criteria: jsonb('criteria').$type<CriteriaGroup>().notNull(),
    distributionProtocolId: integer('distribution_protocol_id').references(() => distributionProtocols.id),
    groupBy: text('group_by').$type<QueryDimension>(),
  },
  (t) => [index('saved_queries_inst_idx').on(t.institutionId, t.id)],
);
