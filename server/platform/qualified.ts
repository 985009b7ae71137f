import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A column named with its table, for sub-selects written in sql``: inside a select of one table Drizzle
 * renders a column unqualified, which would bind to the sub-select's own table of the same column name.
 * Taking the Column (not a string) keeps a renamed column a compile error.
 */
export const qualified = (column: Column): SQL => sql.raw(`${ident(getTableName(column.table))}.${ident(column.name)}`);
