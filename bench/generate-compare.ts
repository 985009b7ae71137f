// Compares two generated databases (issue 30: the faster bench/generate.ts must make the same data as the old one):
// for every table of the public schema its row count and, per column, a fingerprint that does not depend on
// the clock or on random secrets: sums of numbers (ids, keys, amounts), the count of trues, the count of
// distinct values and their total length for text, min and max for dates and times, the count of non-nulls
// for timestamps, json and bytes. Then the schema itself: every index, constraint (and whether it is
// validated) and trigger (and whether it is enabled).
// Usage: node --import tsx bench/generate-compare.ts postgres://root@127.0.0.1:5432/old postgres://root@127.0.0.1:5432/new
// Exit code 0: equal; 1: the differences are printed.
// Not compared: audit_blocks, whose seal windows follow the timing of the set-up's API calls (two runs of the same
// generator differ there too); `npm run audit:verify` checks the chain instead.
import pg from 'pg';

const [urlA, urlB] = process.argv.slice(2);
if (!urlA || !urlB) {
  console.error('usage: generate-compare.ts <database url A> <database url B>');
  process.exit(2);
}

async function fingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out = new Map<string, string>();
  const columns = await client.query<{ tbl: string; col: string; type: string }>(
    `select table_name as tbl, column_name as col, data_type as type from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, { col: string; type: string }[]>();
  for (const c of columns.rows) byTable.set(c.tbl, [...(byTable.get(c.tbl) ?? []), c]);
  byTable.delete('audit_blocks');
  for (const [tbl, cols] of byTable) {
    const parts = ['count(*)::text'];
    for (const { col, type } of cols) {
      const c = `"${col}"`;
      if (/^(smallint|integer|bigint|numeric|real|double precision)$/.test(type)) parts.push(`sum(${c})::text`);
      else if (type === 'boolean') parts.push(`count(*) filter (where ${c})::text`);
      else if (/^(text|character varying|character)$/.test(type))
        parts.push(`count(distinct ${c}) || '/' || coalesce(sum(length(${c})), 0)`);
      else if (/^(date|time without time zone)$/.test(type)) parts.push(`min(${c}) || '..' || max(${c})`);
      else parts.push(`count(${c})::text`);
    }
    const select = parts.map((p, i) => `${p} as c${i}`).join(', ');
    const row = (await client.query<Record<string, string | null>>(`select ${select} from "${tbl}"`)).rows[0];
    out.set(`${tbl} rows`, String(row.c0));
    cols.forEach(({ col }, i) => out.set(`${tbl}.${col}`, String(row[`c${i + 1}`])));
  }
  const schema = await client.query<{ k: string; v: string }>(
    `select 'index ' || indexname as k, indexdef as v from pg_indexes where schemaname = 'public'
     union all select 'constraint ' || conrelid::regclass || '.' || conname, pg_get_constraintdef(oid) || case when convalidated then '' else ' NOT VALID' end
       from pg_constraint where connamespace = 'public'::regnamespace
     union all select 'trigger ' || tgrelid::regclass || '.' || tgname, pg_get_triggerdef(oid) || ' ' || tgenabled::text
       from pg_trigger where not tgisinternal`,
  );
  for (const s of schema.rows) out.set(s.k, s.v);
  await client.end();
  return out;
}

const [a, b] = await Promise.all([fingerprint(urlA), fingerprint(urlB)]);
let differences = 0;
for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
  if (a.get(key) !== b.get(key)) {
    differences++;
    console.log(`${key}: ${a.get(key) ?? '(missing)'} <> ${b.get(key) ?? '(missing)'}`);
  }
}
console.log(`${a.size} fingerprints compared, ${differences} differ`);
process.exit(differences ? 1 : 0);
