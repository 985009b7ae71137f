import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Two projects over the same files (issue 29 item 9, figures in docs/performance.md "CI time"):
 * - 'slow': the whole-API suites that start real servers or walk every route many times; CI runs them once,
 *   on PostgreSQL when one answers (.ci/run), else on PGlite.
 * - 'fast': everything else; CI runs it on PGlite and again on PostgreSQL.
 * `npx vitest run` runs both (everything once). TEST_API_PROJECTS=fast (or slow) keeps only the one named, for
 * .ci/run's PGlite pass: `vitest --project` cannot be passed through `npm test`.
 * A file that runs on one database kind only (durability, statement-timeout, backup-restore: skipped on the
 * other) stays in 'fast', so CI still runs it on its kind. crash.test.ts runs on the suite's kind: in CI with
 * PostgreSQL that is PostgreSQL only (PGlite's kill -9 stays covered by durability.test.ts).
 */
// The bad-input fuzz test stays in 'fast': CI runs it on both database kinds, since each driver parses and
// refuses values its own way.
const SLOW = [
  'server/test/crash.test.ts', // kill -9 of a real server during 1,000 writes
  'server/test/tenancy-matrix.test.ts', // every route from a foreign institution
  'server/test/input-rules.test.ts', // one test per bad-input class over every route
  'server/test/query-strictness.test.ts', // unknown and malformed query parameters on every route
];
const ALL = ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'];
const only = process.env.TEST_API_PROJECTS?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);

// The global setup (one migrated database per project) is named in each project, not at the root: there Vitest
// would run it a third time for the root project, which has no files.
const globalSetup = ['server/test/global-setup.ts'];
const both: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'fast', include: ALL, exclude: SLOW, globalSetup } },
  { extends: true, test: { name: 'slow', include: SLOW, globalSetup } },
];
const projects = both.filter((p) => !only?.length || only.includes(p.test?.name as string));

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
    projects,
  },
});
