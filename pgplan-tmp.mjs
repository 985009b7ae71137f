import pg from 'pg';
import fs from 'node:fs';
const s = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const c = new pg.Client({ connectionString: process.argv[3] });
await c.connect();
for (let i = 0; i < 12; i++) await c.query({ name: 'q1', text: s.text, values: s.values });
console.log((await c.query("select generic_plans, custom_plans from pg_prepared_statements where name = 'q1'")).rows);
await c.end();
