import { integer, pgTable, primaryKey, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns, ts } from '../../platform/records';

export const accounts = pgTable('accounts', {
  ...recordColumns(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  userName: text('user_name').notNull(),
  phoneNumber: text('phone_number'),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
}, (t) => [
  uniqueIndex('accounts_user_name_uq').on(sql`lower(${t.userName})`),
  index('accounts_search_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
]);

/** Membership of an account in one or more institutions. */
export const accountInstitutions = pgTable('account_institutions', {
  accountId: integer('account_id').notNull().references(() => accounts.id),
  institutionId: integer('institution_id').notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  creatorId: integer('creator_id'),
}, (t) => [primaryKey({ columns: [t.accountId, t.institutionId] }), index('account_institutions_inst_idx').on(t.institutionId)]);
