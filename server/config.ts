import path from 'node:path';
import type { DatabaseLimits } from './db/client';

export interface Config {
  port: number;
  host: string;
  /** postgres://... when set; otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  webDist: string;
  logLevel: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** A session ends after this many minutes without a request (HIPAA 164.312 automatic logoff). */
  sessionIdleMinutes: number;
  /** Failed logins per (account, address) pair in the window before that pair gets 429. */
  loginMaxFailures: number;
  /** Failed logins per account (all addresses) in the window before attempts are spaced by loginSlowdownSeconds. */
  loginAccountMaxFailures: number;
  /** Failed logins per address (all accounts) in the window before attempts are spaced by loginSlowdownSeconds. */
  loginAddressMaxFailures: number;
  loginSlowdownSeconds: number;
  loginWindowMinutes: number;
  trustProxy: boolean;
  /** A label printer that has not accepted the connection by then gives 504. */
  printerConnectTimeoutMs: number;
  /** The whole print exchange (connect, send, the printer's close) must end by then, or 504. */
  printerTimeoutMs: number;
  /** PostgreSQL statement and pool bounds (PGlite cannot enforce them: docs/operations.md). */
  databaseLimits: DatabaseLimits;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    webDist: path.resolve(root, env.WEB_DIST ?? 'web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    adminEmail: env.ADMIN_EMAIL?.trim() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    sessionIdleMinutes: positive(env, 'SESSION_IDLE_MINUTES', 30),
    loginMaxFailures: positive(env, 'LOGIN_MAX_FAILURES', 5),
    loginAccountMaxFailures: positive(env, 'LOGIN_ACCOUNT_MAX_FAILURES', 50),
    loginAddressMaxFailures: positive(env, 'LOGIN_ADDRESS_MAX_FAILURES', 300),
    loginSlowdownSeconds: positive(env, 'LOGIN_SLOWDOWN_SECONDS', 30),
    loginWindowMinutes: positive(env, 'LOGIN_WINDOW_MINUTES', 15),
    trustProxy: env.TRUST_PROXY === 'true',
    printerConnectTimeoutMs: positive(env, 'PRINTER_CONNECT_TIMEOUT_MS', 3000),
    printerTimeoutMs: positive(env, 'PRINTER_TIMEOUT_MS', 5000),
    databaseLimits: {
      statementTimeoutMs: positive(env, 'STATEMENT_TIMEOUT_MS', 10_000),
      reportStatementTimeoutMs: positive(env, 'REPORT_STATEMENT_TIMEOUT_MS', 120_000),
      poolSize: positive(env, 'DATABASE_POOL_SIZE', 10),
      reportPoolSize: positive(env, 'REPORT_POOL_SIZE', 3),
      poolWaitMs: positive(env, 'DATABASE_POOL_WAIT_MS', 30_000),
    },
  };
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got '${env[name]}'`);
  return value;
}
