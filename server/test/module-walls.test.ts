import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0012: a module reads only its own tables (and platform's); reports, the read model across areas, may
// read any. eslint refuses importing another module's tables; this test catches what eslint cannot see:
// raw SQL naming another module's table (samples reading shipment_items to work out custody, issue 29 item 2).

const root = join(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? files(path)
      : name.endsWith('.ts') && !name.endsWith('.test.ts')
        ? [path]
        : [];
  });
const moduleOf = (path: string) => relative(join(root, 'modules'), path).split('/')[0];
const tableFile = (path: string) => /\.tables?\.ts$/.test(path);
/** Comments stripped (they may say "read from shipments"); strings and SQL kept. */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[\s;,{}()])\/\/.*$/gm, '$1');

/** Which module owns each table: the pgTable('name') declarations of its table files. Platform's (lookups, audit, account names) are everyone's. */
function owners() {
  const owner = new Map<string, string>();
  const declared = (path: string) =>
    [...readFileSync(path, 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)].map((m) => m[1]);
  for (const path of files(join(root, 'modules')).filter(tableFile))
    for (const t of declared(path)) owner.set(t, moduleOf(path));
  for (const path of files(join(root, 'platform'))) for (const t of declared(path)) owner.set(t, 'platform');
  return owner;
}

/**
 * Raw-SQL reads across modules that were there when ADR 0012 was written: follow-ups, never new ones.
 * Each key is `module -> table`; when one is fixed, remove it here (the test says so).
 */
const KNOWN: readonly string[] = [];

/** The read models across areas (ADR 0012): reports, and the query builder (issue 32 item 4). */
const READ_MODELS = new Set(['reports', 'queries']);

function crossReads() {
  const owner = owners();
  const found = new Set<string>();
  for (const path of files(join(root, 'modules')).filter((p) => !tableFile(p))) {
    const mine = moduleOf(path);
    if (READ_MODELS.has(mine)) continue;
    for (const m of code(path).matchAll(/\b(?:from|join|update|into)\s+"?([a-z][a-z0-9_]*)"?/gi)) {
      const other = owner.get(m[1]);
      if (other && other !== mine && other !== 'platform') found.add(`${mine} -> ${m[1]}`);
    }
  }
  return found;
}

describe('module walls (ADR 0012)', () => {
  const found = crossReads();

  it('finds the tables of every module (the check is not empty)', () => {
    const owner = owners();
    expect(owner.get('shipment_items')).toBe('shipments');
    expect(owner.get('collected_samples')).toBe('samples');
    expect(owner.get('lims_orders')).toBe('orders');
  });

  it("no module but reports names another module's table in SQL, beyond the known follow-ups", () => {
    expect([...found].filter((f) => !KNOWN.includes(f)).sort()).toEqual([]);
  });

  it('each known follow-up is still there (remove it from KNOWN once fixed)', () => {
    expect(KNOWN.filter((k) => !found.has(k))).toEqual([]);
  });

  it('samples and storage read no shipment table: custody is stored on the sample', () => {
    expect([...found].filter((f) => /^(samples|storage) -> shipment/.test(f))).toEqual([]);
  });
});
