import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE } from '../server/bundle';
import { databaseNames, urlFor, withClient } from '../server/test/databases';

const ROOT = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Build the web app when web/dist is missing, so `npm run test:e2e` works on its own. */
export function ensureWebBuild() {
  if (existsSync(path.join(ROOT, 'web/dist/index.html'))) return;
  console.log('web/dist missing: building the web app first');
  const r = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('web build failed');
}

/** The first-start Super Administrator of the e2e server. */
export interface Admin {
  email: string;
  password: string;
}

export interface RunningServer {
  baseUrl: string;
  admin: Admin;
  log: () => string;
  stop: () => Promise<void>;
  /** A port the server may print to besides 9100 (PRINTER_PORTS), for the label printer double of e2e/labels.spec.ts. */
  printerPort: number;
}

/**
 * The database of one Playwright worker's server. With E2E_DATABASE_URL (a PostgreSQL URL whose account may create
 * databases; .ci/run sets it when PostgreSQL answers) the worker gets '<db>__e2e_w<slot>', dropped and created empty
 * at start (a killed run may have left it) and dropped at the end; the server migrates it as on a first start.
 * Native PostgreSQL costs the server much less CPU per request than PGlite's WASM engine in its own process
 * (docs/performance.md "CI time"). Without it: a fresh PGlite data directory in a temp folder.
 */
async function workerDatabase(slot: number): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const adminUrl = process.env.E2E_DATABASE_URL?.trim();
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${databaseNames(adminUrl).base}__e2e_w${slot}`;
  const recreate = (create: boolean) =>
    withClient(adminUrl, async (admin) => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      if (create) await admin.query(`create database "${name}"`);
    });
  await recreate(true);
  return { env: { DATABASE_URL: urlFor(adminUrl, name) }, drop: () => recreate(false) };
}

/**
 * A server process of this checkout as production runs it (`node server/dist/main.mjs`, the bundle server/bundle.ts
 * writes; the global setups of Vitest and Playwright write it afresh), as e2e and the multi-process tests start it.
 */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  log: () => string;
  /** Resolves with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 8 s; resolves once it has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts server/main.ts on a free port of 127.0.0.1 with `env` over this process's environment and resolves
 * once `/api/health` answers (or throws with its output when it exits or stays silent for `timeoutMs`).
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 110_000): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    await exited;
    clearTimeout(killer);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, child, log: () => output, exited, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`server did not become healthy:\n${output}`);
}

/**
 * The real server on a free port with a fresh database (workerDatabase). `slot` keeps the databases of
 * concurrent workers apart (Playwright's parallelIndex: 0 .. workers - 1).
 */
export async function startServer(slot = 0): Promise<RunningServer> {
  const printerPort = await freePort();
  const database = await workerDatabase(slot);
  const admin = { email: 'admin@e2e.local', password: 'Admin123!e2e' };
  try {
    // A PGlite server's first start (tsx, WASM, migrations) took 87 s and more at load average 30 (2026-11-28).
    const server = await spawnServer({
      ...database.env,
      // One API process, as before WORKERS (issue 34): each Playwright worker has a server of its own.
      WORKERS: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // Printer failures answer once the time limit is over (issue 26): short here, so the e2e waits little.
      PRINTER_PORTS: `9100,${printerPort}`,
      PRINTER_CONNECT_TIMEOUT_MS: '1000',
      PRINTER_TIMEOUT_MS: '2000',
    });
    const stop = async () => {
      await server.stop();
      await database.drop();
    };
    return { baseUrl: server.baseUrl, admin, log: server.log, stop, printerPort };
  } catch (err) {
    await database.drop();
    throw err;
  }
}
