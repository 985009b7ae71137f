import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects over the same files (issue 29 item 9, figures in docs/performance.md "CI time"):
 * - 'slow': the whole-API suites that start real servers or walk every route many times; CI runs them once,
 *   on PostgreSQL when one answers (.ci/run), else on PGlite.
 * - 'fast': everything else; CI runs it on PGlite and again on PostgreSQL.
 * - 'timing': the latency-budget files (below), alone, after the others.
 * `npx vitest run` runs these three (everything once). TEST_API_PROJECTS=fast (or slow) keeps only the one named, for
 * .ci/run's PGlite pass: `vitest --project` cannot be passed through `npm test`.
 * A file that runs on one database kind only (durability, statement-timeout, backup-restore: skipped on the
 * other) stays in 'fast', so CI still runs it on its kind. crash.test.ts runs on the suite's kind: in CI with
 * PostgreSQL that is PostgreSQL only (PGlite's kill -9 stays covered by durability.test.ts).
 */
// The bad-input fuzz test stays in 'fast' (and in 'kinds' below): CI runs it on both database kinds, since each driver
// parses and refuses generated values its own way; its bounds half (fuzz-bounds.test.ts: bodies too deep or wide,
// undeclared query parameters) is answered before any handler and runs once.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
// Longest first (LongestFirst below starts them in this order): 22, 20, 11, 10, 9 and 1 s on PostgreSQL.
const SLOW = [
  'server/test/crash.test.ts', // kill -9 of a real server during 1,000 writes
  'server/test/two-processes.test.ts', // two real API processes on one PostgreSQL database (issue 34)
  'server/test/workers.test.ts', // the server entry with WORKERS=2: migrate once, fork, restart, SIGTERM
  'server/test/tenancy-matrix.test.ts', // every route from a foreign institution
  'server/test/input-rules.test.ts', // one test per bad-input class over every route
  'server/test/query-strictness.test.ts', // unknown and malformed query parameters on every route
];
const ALL = ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'];
/**
 * 'timing': the files that hold a latency to a budget (the event loop's delay and /api/health's p99 while the worst
 * request of a route runs). They run after 'fast' and 'slow' have finished, one file at a time: run beside other
 * files on two cores they measured the machine's contention, not the route (CI: health p99 256 ms against 200 with
 * the loop's own p99 under budget).
 */
const TIMING = [
  'server/test/event-loop.test.ts',
  'server/test/event-loop-custody.test.ts',
  'server/test/event-loop-research.test.ts',
];

/**
 * 'kinds': the files where the two database kinds can answer differently, for CI's PGlite pass (.ci/run) once the
 * whole suite runs on PostgreSQL. PGlite is PostgreSQL's own engine compiled to WebAssembly, so what differs is
 * below the SQL: the driver (how values are parsed and refused), our PGlite client (named statements, one
 * connection, no statement timeout), durability and backups, migrations. A file is in it when it names the kind
 * (`PGlite` or `DATABASE_URL`: it branches on it, so its two answers are both tested), when it tests the
 * database layer (server/db, server/tools), or when it is one of the driver-level suites below. Chosen by reading
 * the files, not by hand: a new test that branches on the kind joins by construction.
 * Only when named (TEST_API_PROJECTS=kinds): `npx vitest run` and `npm test` without it run everything once.
 */
const DRIVER_LEVEL = [
  'server/test/fuzz.test.ts', // every route with hostile values: each driver parses and refuses its own way
  'server/test/typed-input.test.ts', // dates and decimals written and read back: each driver parses its own way
  'server/test/counts.test.ts', // capped counts (bigint) and planner estimates, read back by each driver
  'server/test/keyset-paging.test.ts', // seeks by row comparison, planned by each kind's planner settings
];
const namesKind = /pglite|DATABASE_URL/i;
const testFiles = ['server', 'contract', 'web/src'].flatMap((dir) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`),
);
const KINDS = testFiles.filter(
  (f) =>
    !SLOW.includes(f) &&
    !TIMING.includes(f) &&
    (DRIVER_LEVEL.includes(f) ||
      f.startsWith('server/db/') ||
      f.startsWith('server/tools/') ||
      namesKind.test(fs.readFileSync(f, 'utf8'))),
);
const only = process.env.TEST_API_PROJECTS?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);

// The global setup (one migrated database per project) is named in each project, not at the root: there Vitest
// would run it a third time for the root project, which has no files.
const globalSetup = ['server/test/global-setup.ts'];
const project = (
  name: string,
  include: string[],
  exclude: string[] = [],
  alone = false,
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    exclude,
    globalSetup,
    // Vitest runs a higher groupOrder only once every lower one has finished.
    ...(alone ? { fileParallelism: false, sequence: { groupOrder: 1 } } : { sequence: { groupOrder: 0 } }),
  },
});
const named = new Map([
  ['fast', project('fast', ALL, [...SLOW, ...TIMING])],
  ['slow', project('slow', SLOW)],
  ['timing', project('timing', TIMING, [], true)],
  ['kinds', project('kinds', KINDS)],
]);
const projects = only?.length
  ? [...named].filter(([name]) => only.includes(name)).map(([, p]) => p)
  : [named.get('fast')!, named.get('slow')!, named.get('timing')!];

/**
 * The longest files of the other projects (seconds in CI, PostgreSQL / PGlite), started first in their project:
 * without a cache of earlier runs (a fresh clone) Vitest starts the largest files first, and fuzz.test.ts then began
 * 86 s into an 109-s PGlite pass and ended it alone.
 */
const LONGEST = [
  'server/tools/backup-restore.test.ts', // - / 37-40 (PGlite only)
  'server/test/fuzz.test.ts', // 9-11 / 22
  'server/test/durability.test.ts', // - / 15-16 (PGlite only)
  'server/test/fuzz-bounds.test.ts', // 10-11 / -
  'server/test/deep-pages.test.ts', // 7-9 / 7-8
];

/**
 * Vitest's own order runs the projects of one group one after another by name, so 'slow' came after every 'fast'
 * file: its files, which mostly wait on the servers they start, began in the last minute and ran on alone into the
 * end. Now 'slow' starts first, and within each project the longest files known (SLOW's order, then LONGEST's)
 * start first; otherwise Vitest's order. A project's files stay together: a worker serves one project.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const file = path.relative(ROOT, f.moduleId);
      const slow = f.project.name === 'slow';
      const known = (slow ? SLOW : LONGEST).indexOf(file);
      return f.project.config.sequence.groupOrder * 1000 + (slow ? 0 : 100) + (known >= 0 ? known : 99);
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  // tsconfig.json "paths", for web modules under test that import shared code by its alias (@/lib/...).
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) },
      { find: /^@contract\//, replacement: fileURLToPath(new URL('./contract/', import.meta.url)) },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the server through Vitest's module runner costs each
    // file about 2.3 s before its first test (92 files: the PGlite pass took 275 s isolated, 175 s shared on an
    // idle machine). Files still get a database of their own (server/test/harness.ts); what a file changes in
    // a shared module it restores in afterAll (a spy, a stubbed global, a tuned page-anchor spacing), and
    // testApp() forgets the counts the previous file's database left remembered (platform/counts.ts).
    isolate: false,
    // Vitest's default is one worker less than the cores: one on this 2-core machine. Most files wait on their
    // database as much as they compute, so two run side by side.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects,
  },
});
