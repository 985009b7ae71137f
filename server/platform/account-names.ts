import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The name columns of an account. The accounts module owns the accounts table (its full definition,
 * indexes and migrations) and spreads these columns into it; platform reads them through
 * `accountNames` below to show who created or enabled a record, without importing a module.
 */
export const accountNameColumns = () => ({
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
});

/**
 * A read-only view of three columns of the accounts table for platform joins ("created by",
 * "enabled by"). Not exported from db/schema.ts: drizzle-kit knows the table from the accounts module.
 */
export const accountNames = pgTable('accounts', {
  id: integer('id').primaryKey(),
  ...accountNameColumns(),
});
