import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { apiHelpers, type ApiHelpers } from './support/data';
import { signedInAs, tablesSettled } from './support/ui';
import { startServer, type Admin, type RunningServer } from './server-process';

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

interface WorkerFixtures {
  /** The real server on a free port with a fresh database (PGlite; PostgreSQL with E2E_DATABASE_URL), shared by the worker's tests. */
  server: RunningServer;
}

interface TestFixtures {
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
      await p.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
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
