import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { apiHelpers, newContextPage, SCREENSHOTS, type E2ETest } from './harness';
import { ensureWebBuild, startServer, type RunningServer } from './server-process';

const TEST_TIMEOUT_MS = 60_000;
const only = process.argv[2]; // optional filter: part of a spec file or test name

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms); });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function loadSpecs(): Promise<[file: string, tests: E2ETest[]][]> {
  const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.spec.ts')).sort();
  const specs: [string, E2ETest[]][] = [];
  for (const f of files) {
    const mod = await import(path.join(import.meta.dirname, f)) as { tests?: E2ETest[] };
    if (!mod.tests) throw new Error(`${f} does not export 'tests'`);
    specs.push([f.replace('.spec.ts', ''), mod.tests]);
  }
  return specs;
}

async function runAll(server: RunningServer, browser: Browser) {
  let passed = 0;
  let failed = 0;
  for (const [spec, tests] of await loadSpecs()) {
    for (const test of tests) {
      const label = `${spec} › ${test.name}`;
      if (only && !label.includes(only)) continue;
      const started = Date.now();
      const contexts: { close: () => Promise<void> }[] = [];
      const { context, page } = await newContextPage(browser, server.baseUrl);
      contexts.push(context);
      try {
        await withTimeout(test.run({
          page,
          baseUrl: server.baseUrl,
          admin: server.admin,
          api: apiHelpers(server.baseUrl),
          shot: async (name, p = page) => {
            // A screenshot shows the settled screen, not a table half-way through loading.
            await p.waitForFunction(() => !document.querySelector('.mantine-datatable-loader-fetching'), undefined, { timeout: 10_000 });
            await p.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
          },
          newPage: async () => {
            const extra = await newContextPage(browser, server.baseUrl);
            contexts.push(extra.context);
            return extra.page;
          },
        }), TEST_TIMEOUT_MS, label);
        passed++;
        console.log(`✓ ${label} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`✗ ${label} (${Date.now() - started} ms)\n    ${String((err as Error).stack ?? err).split('\n').slice(0, 6).join('\n    ')}`);
        const name = `FAILED-${spec}-${test.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
        await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true }).catch(() => {});
      } finally {
        for (const c of contexts) await c.close().catch(() => {});
      }
    }
  }
  return { passed, failed };
}

async function main() {
  mkdirSync(SCREENSHOTS, { recursive: true });
  ensureWebBuild();
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => { void cleanup().then(() => process.exit(130)); });
  }
  let result = { passed: 0, failed: 1 };
  try {
    server = await startServer();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    result = await runAll(server, browser);
    if (result.failed) console.log(`\nserver log (last 3000 chars):\n${server.log().slice(-3000)}`);
  } catch (err) {
    console.error(err);
  } finally {
    await cleanup();
  }
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exit(result.failed ? 1 : 0);
}

await main();
