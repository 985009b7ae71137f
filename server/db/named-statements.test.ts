import { afterAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { freshDatabase } from '../test/harness';
import { nameStatement } from './client';

// PGlite runs a statement the statement cache names as PREPARE once, then EXECUTE (client.ts nameStatements).
const onPglite = !process.env.DATABASE_URL;

describe.skipIf(!onPglite)('statements prepared by name on PGlite (PGlite only)', () => {
  it('prepares a name once when its first calls arrive together, and runs every call by the name', async () => {
    const database = await freshDatabase(loadConfig({}).databaseLimits);
    afterAll(() => database.close());
    const client: unknown = Reflect.get(database.db, '$client');
    if (!(client instanceof PGlite)) throw new Error('expected the PGlite client on the test thread');
    const text = 'select $1::int + 1 as n';
    nameStatement(database.db, text, 's_together_probe');
    const exec = vi.spyOn(client, 'exec');
    // Ten requests of a server that has just started, all needing the same statement at once.
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => client.query<{ n: number }>(text, [i])));
    const later = await client.query<{ n: number }>(text, [41]);
    const sent = exec.mock.calls.map(([sql]) => sql);
    exec.mockRestore();

    expect(first.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(later.rows[0].n).toBe(42);
    expect(sent.filter((sql) => sql.startsWith('prepare s_together_probe '))).toHaveLength(1);
    // Every call ran by the name, the one after them too: none fell back to being parsed and planned on its own.
    expect(sent.filter((sql) => sql.includes('execute s_together_probe('))).toHaveLength(11);
  });
});
