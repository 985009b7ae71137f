import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns } from '../../platform/records';

export const institutions = pgTable(
  'institutions',
  {
    ...recordColumns(),
    title: text('title').notNull(),
    abbreviation: text('abbreviation').notNull(),
    address: text('address').notNull(),
    /** spec 1 §5 local phone rule (starts with 09, 10 digits) instead of the international one. */
    localPhoneRule: boolean('local_phone_rule').notNull().default(false),
    /** IANA time zone of the institution's day: a collection date is at most today there (issue 28 item 2). */
    timeZone: text('time_zone').notNull().default('UTC'),
  },
  (t) => [uniqueIndex('institutions_title_uq').on(sql`lower(${t.title})`)],
);

export const institutionSites = pgTable(
  'institution_sites',
  {
    ...recordColumns(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    title: text('title').notNull(),
    abbreviation: text('abbreviation'),
    address: text('address').notNull(),
  },
  (t) => [
    uniqueIndex('institution_sites_title_uq').on(t.institutionId, sql`lower(${t.title})`),
    index('institution_sites_inst_idx').on(t.institutionId, t.id),
  ],
);
