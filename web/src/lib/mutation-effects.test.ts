import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfter, MUTATION_EFFECTS, type MutationName, type Resource } from './mutation-effects';
import { queryKeys } from './query-keys';

const SRC = join(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
const sources = files(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** The text of a call from its opening parenthesis to the matching one. */
function callText(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** What each write must refresh for the figures the issue names (issue 28 item 3). */
const MUST_CHANGE: [MutationName, Resource[]][] = [
  ['samples.create', ['samples']],
  ['samples.collect', ['samples']],
  ['samples.adjust', ['samples']],
  ['storage.allocate', ['storage', 'samples']],
  ['participants.withdrawConsent', ['protocols', 'patients', 'samples', 'shipments']],
  ['shipments.receive', ['shipments', 'storage', 'samples']],
  ['shipments.send', ['shipments', 'samples']],
  ['shipments.create', ['shipments', 'samples']],
  ['orders.results', ['orders']],
  ['orders.place', ['orders']],
  ['patients.update', ['patients', 'protocols', 'samples']],
  ['config.record', ['lookups', 'institutions']],
];

describe('what each write refreshes', () => {
  it.each(MUST_CHANGE)('%s refreshes %j', (name, resources) => {
    expect(MUTATION_EFFECTS[name]).toEqual(expect.arrayContaining(resources));
  });

  it('every useMutation names its write, so the query client knows what it changed', () => {
    const unnamed = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/useMutation\(/g)]
        .map((m) => callText(text, m.index + 'useMutation'.length))
        .filter((call) => !/\.\.\.changes\('[\w.]+'/.test(call) && !/\.\.\.options\b/.test(call))
        .map((call) => `${path}: useMutation${call.slice(0, 80)}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('every write in the table is made somewhere (no stale rows)', () => {
    const all = sources.map((s) => s.text).join('\n');
    const unused = Object.keys(MUTATION_EFFECTS).filter((name) => !all.includes(`'${name}'`));
    expect(unused).toEqual([]);
  });

  it('only the query client invalidates, and only the key factory writes keys', () => {
    const own = ['lib/query-client.ts', 'lib/mutation-effects.ts'];
    expect(
      sources.filter((s) => !own.includes(s.path) && s.text.includes('invalidateQueries')).map((s) => s.path),
    ).toEqual([]);
    expect(
      sources.filter((s) => s.path !== 'lib/query-keys.ts' && /queryKey:\s*\[/.test(s.text)).map((s) => s.path),
    ).toEqual([]);
  });
});

describe('invalidateAfter', () => {
  const INST = 7;
  const seeded = (keys: QueryKey[]) => {
    const qc = new QueryClient();
    for (const key of keys) qc.setQueryData(key, 1);
    return qc;
  };
  const invalidated = (qc: QueryClient, key: QueryKey) => qc.getQueryState(key)?.isInvalidated ?? false;

  it('a sub-sample reaches every place a sample amount is shown, in this institution only', async () => {
    const shown: QueryKey[] = [
      queryKeys.samples.list(INST, 3, { page: 1, pageSize: 10 }),
      queryKeys.samples.list(INST, 3, { page: 1, pageSize: 10, participantId: 5 }),
      queryKeys.samples.tree(INST, 3, 11),
      queryKeys.samples.one(INST, 3, 11),
      queryKeys.samples.history(INST, 3, 11),
      queryKeys.samples.count(INST),
      queryKeys.storage.sample(INST, 'S-1'),
      queryKeys.shipments.candidates(INST, {}),
    ];
    const untouched: QueryKey[] = [
      queryKeys.samples.one(INST + 1, 3, 11),
      queryKeys.orders.list(INST, {}),
      queryKeys.protocols.one(INST, 3),
    ];
    const qc = seeded([...shown, ...untouched]);
    await invalidateAfter(qc, 'samples.create', INST);
    expect(shown.filter((k) => !invalidated(qc, k))).toEqual([]);
    expect(untouched.filter((k) => invalidated(qc, k))).toEqual([]);
  });

  it('storing a sample refreshes the box grid and the sample page', async () => {
    const keys = [
      queryKeys.storage.positions(INST, 4),
      queryKeys.storage.samplePosition(INST, 11),
      queryKeys.samples.one(INST, 3, 11),
    ];
    const qc = seeded(keys);
    await invalidateAfter(qc, 'storage.allocate', INST);
    expect(keys.map((k) => invalidated(qc, k))).toEqual([true, true, true]);
  });

  // The sender's screens, cached before the same person changed institution and received the shipment.
  it("receiving a shipment refreshes the sender's shipment lists and sample page too", async () => {
    const sender = INST + 1;
    const keys = [
      queryKeys.shipments.list(sender, { direction: 'sent' }),
      queryKeys.samples.one(sender, 3, 11),
      queryKeys.shipments.list(INST, { direction: 'received' }),
    ];
    const untouched = [queryKeys.orders.list(sender, {}), queryKeys.protocols.one(sender, 3)];
    const qc = seeded([...keys, ...untouched]);
    await invalidateAfter(qc, 'shipments.receive', INST);
    expect(keys.map((k) => invalidated(qc, k))).toEqual([true, true, true]);
    expect(untouched.filter((k) => invalidated(qc, k))).toEqual([]);
  });

  it('an institution resource without an institution is a programming error', () => {
    expect(() => invalidateAfter(new QueryClient(), 'samples.create')).toThrow(/per institution/);
  });
});
