import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A name sorted as people read it (issue 33 item 3, docs/languages.md): ICU's root collation, so 'Émile' comes
 * between 'Eliane' and 'Eric' and lower case sits beside upper case, where the database's "C" collation puts
 * every accented or lower-case name after 'Z'. `und-x-icu` exists on PostgreSQL built with ICU (the Debian and
 * official images) and in PGlite alike, so both sort the same. The root order suits English and French; a
 * language-specific order (`fr-x-icu`) would need one statement per language and changes nothing for them.
 */
export const collated = (name: PgColumn | SQL): SQL => sql`${name} collate "und-x-icu"`;
