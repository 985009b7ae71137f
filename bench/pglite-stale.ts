// A copy of a generated PGlite database as an installation that grew without the upkeep leaves it (docs/operations.md
// "PGlite upkeep"): every table and index of the public schema as analysed when empty, the way the migrations left
// them, with no statistics. bench/generate.ts ends with VACUUM ANALYZE, which a real PGlite installation never ran.
// Usage: node --import tsx bench/pglite-stale.ts /tmp/pglite-100k /tmp/pglite-stale
//   then BENCH_DATA_DIR=/tmp/pglite-stale npm run bench:load (PGLITE_UPKEEP_INTERVAL_MS=1000: the first round in the
//   warm-up; 0: none).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const [from, to] = process.argv.slice(2);
if (!from || !to) throw new Error('usage: bench/pglite-stale.ts <generated PGlite folder> <new folder>');
if (fs.existsSync(to)) throw new Error(`${to} exists: name a new folder`);
fs.cpSync(from, to, { recursive: true });
const db = await PGlite.create({ dataDir: to, extensions: { pg_trgm } });
await db.exec(`
  delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace);
  update pg_class set reltuples = 0, relpages = 0, relallvisible = 0
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'm', 'i');`);
await db.close();
console.log(`${to}: the public schema's statistics as of empty tables`);
