import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/records';

/** The institution's Zebra printer for server-side printing (raw port 9100); one per institution. */
export const labelPrinters = pgTable(
  'label_printers',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    ipAddress: text('ip_address').notNull(),
    port: integer('port').notNull().default(9100),
  },
  (t) => [uniqueIndex('label_printers_inst_uq').on(t.institutionId)],
);
