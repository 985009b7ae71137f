import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * What `npm start`, the systemd unit, the deployment smoke test and every test that starts a real server run:
 * server/main.ts and everything of this repository it imports, as one ES module. Packages stay in node_modules
 * (Node loads them natively), and the migrations stay in server/db/migrations (server/db/client.ts finds them from
 * either place). Under `node --import tsx server/main.ts` each of the ~400 modules went through tsx's loader
 * hooks, on a thread of their own, at every start and in every cluster worker: 4.6-6.2 s and 7.5-8.3 CPU s from
 * spawn to a healthy /api/health on PostgreSQL, against 2.3-3.1 s and 3.6-4.5 CPU s for this bundle
 * (docs/performance.md "CI time, 2026-11-30 sixth session").
 */
export const SERVER_BUNDLE = path.join(ROOT, 'server/dist/main.mjs');

/**
 * Writes SERVER_BUNDLE afresh (a fifth of a second). Written to a temporary name and renamed, so that concurrent
 * builds (Vitest runs its global setup once per project) never leave a half-written file for a server to load.
 */
export async function bundleServer(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Function and class names as written, for stack traces and error names in the logs.
    keepNames: true,
    write: false,
    logLevel: 'warning',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no server bundle');
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  const temporary = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, output.contents);
  fs.renameSync(temporary, SERVER_BUNDLE);
  return SERVER_BUNDLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await bundleServer();
  console.log(`server bundle: ${path.relative(ROOT, SERVER_BUNDLE)} in ${Date.now() - started} ms`);
}
