import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { apiHelpers, type ApiHelpers } from './support/data';
import { signedInAs, tablesSettled } from './support/ui';
import { startServer, type Admin, type RunningServer } from './server-process';

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');
/**
 * E2E_SCREENSHOTS=off keeps every `shot` step's wait for settled tables but takes no picture: the pictures are
 * for a person to look at while building a screen, and CI (.ci/run) has nobody looking. A full-page picture is a
 * layout at the page's whole height, a raster and a PNG encoding: about a tenth of the suite's CPU (docs/performance.md
 * "CI time"). Failures still keep their screenshot (playwright.config.ts `screenshot: 'only-on-failure'`).
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS?.trim() !== 'off';

interface WorkerFixtures {
  /** The real server on a free port with a fresh database (PGlite; PostgreSQL with E2E_DATABASE_URL), shared by the worker's tests. */
  server: RunningServer;
  /** The browser context every test's `page` opens in (see `page` below), with one page kept open on the server's origin. */
  workerContext: BrowserContext;
}

interface TestFixtures {
  /**
   * A browser context of the test's own for `page` instead of the worker's: for a test that changes what a
   * context holds beyond cookies and storage (`page.clock.install()` moves every page's clock of the context).
   */
  freshContext: boolean;
  /** The first-start Super Administrator's credentials. */
  admin: Admin;
  /** login/call against the server's API. */
  api: ApiHelpers;
  /** `page`, signed in as the administrator with the Central Biobank picked (through the API: support/ui.ts signedInAs). */
  signedInPage: Page;
  /** A second, independent browser context (another person at another computer), closed after the test. */
  newPage: () => Promise<Page>;
  /** Save e2e/screenshots/<name>.png of `page` (default: the test's page) once its tables have loaded. */
  shot: (name: string, page?: Page) => Promise<void>;
  /** Attaches the end of the server's log to a failed test's report. */
  serverLog: void;
}

/**
 * The kept page preloads every module of the built app (`modulepreload`: fetched and compiled, never run), so they
 * stay alive in the renderer for the worker's life. V8 finds a live module's compiled code by its source, so each
 * test's page reuses it instead of compiling the app again; without a live copy, the code of closed pages is
 * collected and every load compiles anew (playwright.config.ts, no script streaming).
 */
async function preloadApp(keeper: Page) {
  const assets = path.resolve(import.meta.dirname, '../web/dist/assets');
  const modules = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const loaded = await keeper.evaluate(
    (names) =>
      Promise.all(
        names.map(
          (name) =>
            new Promise<boolean>((done) => {
              const link = document.createElement('link');
              link.rel = 'modulepreload';
              link.href = `/assets/${name}`;
              link.onload = () => done(true);
              link.onerror = () => done(false);
              document.head.append(link);
            }),
        ),
      ),
    modules,
  );
  expect(loaded.every(Boolean), 'every module of web/dist preloaded by the kept page').toBe(true);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter: an empty pattern means none.
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],

  // Every test's `page` is a new page in the worker's one context, not a page in a new context: a new context
  // costs Chromium about 1 s more CPU per test (a new renderer, and the app's 1.3 MB of script parsed and
  // compiled again), two thirds of the suite's CPU is Chromium's, and the two cores are the limit (docs/
  // performance.md "CI time"). With --process-per-site and one page kept open on the origin, each test's page
  // joins the same renderer and reuses its compiled code. What a test leaves behind is cleared before the next:
  // its pages are closed, cookies (the device cookie) dropped and localStorage (token, institution, printer
  // settings) emptied; sessionStorage, routes, dialogs handlers and the viewport belong to the page.
  workerContext: [
    async ({ browser, server }, use) => {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
      });
      const keeper = await context.newPage();
      await keeper.goto('/api/health');
      await preloadApp(keeper);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  freshContext: [false, { option: true }],
  page: async ({ workerContext, freshContext, browser, baseURL, viewport }, use, testInfo) => {
    const context = freshContext ? await browser.newContext({ baseURL, reducedMotion: 'reduce' }) : workerContext;
    const keeper = freshContext ? undefined : context.pages()[0];
    await context.clearCookies();
    await context.clearPermissions();
    await keeper?.evaluate(() => localStorage.clear());
    const page = await context.newPage();
    if (viewport && (viewport.width !== 1280 || viewport.height !== 800)) await page.setViewportSize(viewport);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const png = await page.screenshot({ fullPage: true }).catch(() => null);
      if (png) await testInfo.attach('screenshot at the failure', { body: png, contentType: 'image/png' });
    }
    for (const p of context.pages()) if (p !== keeper) await p.close();
    if (freshContext) await context.close();
  },

  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
  admin: async ({ server }, use) => {
    await use(server.admin);
  },
  api: async ({ server }, use) => {
    await use(apiHelpers(server.baseUrl));
  },

  signedInPage: async ({ page, admin }, use) => {
    await signedInAs(page, admin);
    await use(page);
  },

  newPage: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      return context.newPage();
    });
    for (const c of contexts) await c.close();
  },

  shot: async ({ page }, use) => {
    await use(async (name, p = page) => {
      // A screenshot shows the settled screen, not a table half-way through loading.
      await tablesSettled(p);
      if (TAKE_SCREENSHOTS) await p.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    });
  },

  serverLog: [
    async ({ server }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server log (end)', { body: server.log().slice(-5000), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };
