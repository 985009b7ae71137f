import { randomUUID } from 'node:crypto';
import { boolean, integer, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Columns every stored record carries (ARCHITECTURE §4): never deleted, only disabled. */
export function recordColumns() {
  return {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdDate: ts('created_date').notNull().defaultNow(),
    creatorId: integer('creator_id'),
    enabledDate: ts('enabled_date').defaultNow(),
    enablerId: integer('enabler_id'),
    concurrencyStamp: text('concurrency_stamp')
      .notNull()
      .$defaultFn(() => randomUUID()),
  };
}

export const newStamp = () => randomUUID();
export { ts };
