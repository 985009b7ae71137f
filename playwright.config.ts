import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the real server (built web app, fresh PGlite) driven through Debian's Chromium.
 * Two workers, one per core: each worker starts its own server with its own database (e2e/fixtures.ts) and runs
 * whole spec files one after the other, so no two tests ever share a database at the same time
 * (E2E_WORKERS=1 runs them all on one server, as before; .ci/run sets 3 on PostgreSQL, where a third worker fills the
 * time the other two spend waiting).
 * No browser download: the browser is Debian's chromium-headless-shell (the old headless mode, what Playwright
 * itself runs headless: no browser UI to draw, about a fifth less time per spec on two cores than the full
 * /usr/bin/chromium in its new headless mode; docs/performance.md "CI time"), else /usr/bin/chromium;
 * CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure', 'on-first-retry'] as const;
function traceMode(wanted: string | undefined): (typeof TRACE_MODES)[number] {
  const mode = TRACE_MODES.find((m) => m === (wanted?.trim() || 'off'));
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}`);
  return mode;
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results', // traces and failure screenshots, one folder per failed test
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Pages of one site share a renderer: each test's page joins the one kept open (e2e/fixtures.ts `page`).
        '--process-per-site',
        // V8 with its baseline compiler (Sparkplug) only, and garbage collection on the page's own thread: a test's
        // page lives seconds, too short for the optimising tiers' background compiles (TurboFan, then Maglev) to
        // pay back, and on two cores shared by three workers every background thread competes with the tests.
        // Four specs on three workers: wall 175 s against 202-213 with Maglev (--max-opt=2), machine CPU 325 s
        // against 374-396 (docs/performance.md "V8's tiers", 2026-12-02).
        '--js-flags=--max-opt=1 --single-threaded-gc',
        // No script streaming: a streamed module is compiled on a background thread before V8 looks in its
        // in-memory cache, so every test's page compiled the app's 2 MB again (about 300 ms of CPU a load) and threw
        // the result away. Compiled on the page's thread, a module the worker's kept page holds (e2e/fixtures.ts
        // `preloadApp`) is a cache hit. Whole suite 923 s against 962 s, CPU 1,813 s against 1,893 (docs/
        // performance.md "script streaming and the kept page's modules", 2026-12-02).
        '--disable-features=ScriptStreaming',
      ],
    },
    viewport: { width: 1280, height: 800 },
    contextOptions: { reducedMotion: 'reduce' },
    actionTimeout: 15_000, // a cold page load on a busy 2-core machine can take ~10 s before the first action
    navigationTimeout: 15_000,
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or `--trace retain-on-failure` on the command line):
    // 'retain-on-failure' records every test (a screencast of every frame and a DOM snapshot around every action)
    // to keep the failed ones, and that recording cost as much CPU as the tests themselves (docs/performance.md
    // "CI time, 2026-11-29 evening"). A failed test still keeps its screenshot, its page's accessibility snapshot
    // (error-context.md) and the end of the server's log (e2e/fixtures.ts).
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
  },
});
