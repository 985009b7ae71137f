import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns } from '../../platform/records';

// Screening indicator definitions (docs/indicators.md): one row per indicator of an institution's
// breast or cervical report. Seeded lazily from defaults.ts on the first read; the unique index on
// (institution, report, ordinal) makes that seeding idempotent when two first reads race.

export const indicatorDefinitions = pgTable(
  'indicator_definitions',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    /** breast | cervical */
    report: text('report').notNull(),
    ordinal: integer('ordinal').notNull(),
    title: text('title').notNull(),
    /** The protocols counted: every protocol of the institution with this abbreviation (any case). */
    protocolAbbreviation: text('protocol_abbreviation').notNull(),
    /** The answered field, by its prompt as filled (any case); null: any submission of the protocol. */
    fieldPrompt: text('field_prompt'),
    /** Answers that count (any case); empty: any non-empty answer. */
    matchingValues: text('matching_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** patients | submissions */
    countMode: text('count_mode').notNull(),
    remark: text('remark'),
    /** The title and remark in other languages, `{ "fr": "..." }` (issue 33; contract/lookup-titles.ts); null: none. */
    titles: jsonb('titles').$type<Record<string, string>>(),
    remarks: jsonb('remarks').$type<Record<string, string>>(),
    /** spec | suggested: whether spec 2 §9 gives the rule or we suggest one. */
    ruleSource: text('rule_source').notNull(),
    note: text('note'),
    updaterId: integer('updater_id'),
  },
  (t) => [
    uniqueIndex('indicator_definitions_report_ordinal_uq').on(t.institutionId, t.report, t.ordinal),
    index('indicator_definitions_inst_idx').on(t.institutionId, t.id),
    check('indicator_definitions_report_ck', sql`${t.report} in ('breast', 'cervical')`),
    check('indicator_definitions_count_mode_ck', sql`${t.countMode} in ('patients', 'submissions')`),
    check('indicator_definitions_rule_source_ck', sql`${t.ruleSource} in ('spec', 'suggested')`),
  ],
);
