import os from 'node:os';
import path from 'node:path';
import { isIP } from 'node:net';
import type { DatabaseLimits } from './db/client';
import { isTimeZone } from '../contract/institutions.contract';
import { isSmallCellMin, smallCellMin } from './platform/small-cells';
import { DEFAULT_QUERY_COUNT_CAP } from '../contract/queries.contract';

export interface Config {
  port: number;
  host: string;
  /** postgres://... when set; otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /**
   * postgres://... of a read replica (DATABASE_READ_URL, PostgreSQL only): heavy reads (reports, exports, the audit
   * log: routes registered with `router(app, deps, { heavyReads: true })`) go there, except within readYourWritesMs
   * of the same session's last write (docs/operations.md "Read replica").
   */
  databaseReadUrl: string | null;
  /** After a session writes, its heavy reads stay on the primary this long (READ_YOUR_WRITES_MS; 0: never). */
  readYourWritesMs: number;
  /**
   * API processes on PostgreSQL (WORKERS, default: the machine's cores): more than one forks them with node:cluster
   * (server/cluster.ts). PGlite is always one process.
   */
  workers: number;
  dataDir: string;
  webDist: string;
  logLevel: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** A session ends after this many minutes without a request (HIPAA 164.312 automatic logoff). */
  sessionIdleMinutes: number;
  /**
   * How long a process may answer from a session it read (issue 30; 0: read it on every request). Changes
   * that end a session empty the cache at once through database notifications: this bounds only a missed one.
   */
  sessionCacheMs: number;
  /** Failed logins per (account, address) pair in the window before that pair gets 429. */
  loginMaxFailures: number;
  /** Failed logins per account (all addresses) in the window before attempts are spaced by loginSlowdownSeconds. */
  loginAccountMaxFailures: number;
  /** Failed logins per address (all accounts) in the window before attempts are spaced by loginSlowdownSeconds. */
  loginAddressMaxFailures: number;
  loginSlowdownSeconds: number;
  loginWindowMinutes: number;
  /**
   * Whose X-Forwarded-For is believed (issue 26): false (nobody: the socket address is the client), or the
   * addresses / CIDRs / proxy-addr range names of the proxies in front.
   */
  trustProxy: TrustProxy;
  /** The key of the device cookies' HMAC; null: a random key kept in the database (auth_secrets). */
  deviceCookieSecret: string | null;
  /** A label printer that has not accepted the connection by then gives 504. */
  printerConnectTimeoutMs: number;
  /** The whole print exchange (connect, send, the printer's close) must end by then, or 504. */
  printerTimeoutMs: number;
  /** The TCP ports a label printer may use (PRINTER_PORTS, default 9100): the server connects to no other. */
  printerPorts: number[];
  /** PostgreSQL statement and pool bounds (PGlite cannot enforce them: docs/operations.md). */
  databaseLimits: DatabaseLimits;
  /** How often the API process seals new audit rows into blocks (AUDIT_SEAL_INTERVAL_MS, docs/audit.md). */
  auditSealIntervalMs: number;
  /** PGlite only: how often the API process vacuums and analyses the tables that grew and checkpoints (PGLITE_UPKEEP_INTERVAL_MS; 0: never). */
  pgliteUpkeepIntervalMs: number;
  /**
   * PGlite only: 'worker' (PGLITE_THREAD, the default) runs the database on a thread of its own, so a statement never
   * holds the API's event loop; 'main' runs it on the API's thread (docs/operations.md "PGlite on its own thread").
   */
  pgliteThread: 'worker' | 'main';
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); null: /metrics answers 404 (docs/operations.md). */
  metricsToken: string | null;
  /** The zone a new institution gets when none is sent (LIMS_DEFAULT_TIME_ZONE; unset: the server's own zone). */
  defaultTimeZone?: string | null;
  /** Researchers see counts from 1 to this minus 1 as '< N' (SMALL_CELL_MIN, default 5; platform/small-cells.ts). */
  smallCellMin?: number;
  /** Where the query builder's count stops (QUERY_COUNT_CAP, default 10,000; docs/research.md "Query builder"). */
  queryCountCap?: number;
}

export type TrustProxy = false | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or false, or a comma-separated list of proxy addresses, CIDRs (10.0.0.0/8, fd00::/8)
 * and the names loopback, linklocal, uniquelocal. `true` believed any client's X-Forwarded-For (issue 26)
 * and is refused. So is a hop count: it cannot tell a proxy from a client that sends enough hops itself,
 * and Fastify 5.12 trusts nobody when given one (fails closed), so it would silently do nothing.
 */
function trustProxyOf(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For: list the proxies (TRUST_PROXY=10.0.0.1,10.0.0.0/8)",
    );
  }
  if (/^\d+$/.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value}: a hop count cannot tell a proxy from a client; list the proxies' addresses or CIDRs (TRUST_PROXY=10.0.0.1,10.0.0.0/8)`,
    );
  }
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every(isProxyEntry)) return entries;
  throw new Error(
    `TRUST_PROXY must be false or a comma-separated list of proxy addresses and CIDRs (10.0.0.1,10.0.0.0/8, loopback), got '${raw}'`,
  );
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** METRICS_TOKEN: unset or empty turns /metrics off; a short one is refused at start (it is guessable). */
function metricsTokenOf(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (value.length < 24)
    throw new Error(
      'METRICS_TOKEN must be at least 24 characters (e.g. openssl rand -base64 32), or unset to turn /metrics off',
    );
  return value;
}

function deviceCookieSecretOf(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32)
    throw new Error('DEVICE_COOKIE_SECRET must be at least 32 characters (e.g. openssl rand -base64 48)');
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    databaseReadUrl: databaseReadUrlOf(env.DATABASE_READ_URL, databaseUrl),
    readYourWritesMs: nonNegative(env, 'READ_YOUR_WRITES_MS', 5000),
    workers: workersOf(env.WORKERS),
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    webDist: path.resolve(root, env.WEB_DIST ?? 'web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    adminEmail: env.ADMIN_EMAIL?.trim() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    sessionIdleMinutes: positive(env, 'SESSION_IDLE_MINUTES', 30),
    sessionCacheMs: nonNegative(env, 'SESSION_CACHE_MS', 1000),
    loginMaxFailures: positive(env, 'LOGIN_MAX_FAILURES', 5),
    loginAccountMaxFailures: positive(env, 'LOGIN_ACCOUNT_MAX_FAILURES', 50),
    loginAddressMaxFailures: positive(env, 'LOGIN_ADDRESS_MAX_FAILURES', 300),
    loginSlowdownSeconds: positive(env, 'LOGIN_SLOWDOWN_SECONDS', 30),
    loginWindowMinutes: positive(env, 'LOGIN_WINDOW_MINUTES', 15),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    deviceCookieSecret: deviceCookieSecretOf(env.DEVICE_COOKIE_SECRET),
    printerConnectTimeoutMs: positive(env, 'PRINTER_CONNECT_TIMEOUT_MS', 3000),
    printerTimeoutMs: positive(env, 'PRINTER_TIMEOUT_MS', 5000),
    printerPorts: portList(env, 'PRINTER_PORTS', [9100]),
    databaseLimits: {
      statementTimeoutMs: positive(env, 'STATEMENT_TIMEOUT_MS', 10_000),
      reportStatementTimeoutMs: positive(env, 'REPORT_STATEMENT_TIMEOUT_MS', 120_000),
      poolSize: positive(env, 'DATABASE_POOL_SIZE', 10),
      reportPoolSize: positive(env, 'REPORT_POOL_SIZE', 3),
      poolWaitMs: positive(env, 'DATABASE_POOL_WAIT_MS', 30_000),
    },
    auditSealIntervalMs: nonNegative(env, 'AUDIT_SEAL_INTERVAL_MS', 250),
    pgliteUpkeepIntervalMs: nonNegative(env, 'PGLITE_UPKEEP_INTERVAL_MS', 60_000),
    pgliteThread: pgliteThreadOf(env.PGLITE_THREAD),
    defaultTimeZone: timeZoneOf(env.LIMS_DEFAULT_TIME_ZONE),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    smallCellMin: smallCellMinOf(env.SMALL_CELL_MIN),
    queryCountCap: queryCountCapOf(env.QUERY_COUNT_CAP),
  };
}

/**
 * DATABASE_READ_URL: a replica of DATABASE_URL's database. Without DATABASE_URL the server runs on PGlite, one
 * in-process database that no replica can follow: refused at start rather than silently ignored.
 */
function databaseReadUrlOf(raw: string | undefined, databaseUrl: string | null): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (!databaseUrl)
    throw new Error(
      'DATABASE_READ_URL needs DATABASE_URL: a read replica follows a PostgreSQL server, and without DATABASE_URL the ' +
        'server runs on the embedded PGlite, which has none. Set DATABASE_URL to the primary, or unset DATABASE_READ_URL.',
    );
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new Error(`DATABASE_READ_URL must be a postgres:// URL of a replica of DATABASE_URL's database`);
  return value;
}

/** PGLITE_THREAD: 'worker' or 'main'; unset or empty: 'worker'. */
function pgliteThreadOf(raw: string | undefined): 'worker' | 'main' {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'worker') return 'worker';
  if (value === 'main') return 'main';
  throw new Error(
    `PGLITE_THREAD must be 'worker' (PGlite on a thread of its own, the default) or 'main', got '${raw}'`,
  );
}

/** LIMS_DEFAULT_TIME_ZONE: an IANA name the runtime knows (platform/today.ts defaultTimeZone reads it), refused at start otherwise. */
function timeZoneOf(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (!isTimeZone(value))
    throw new Error(`LIMS_DEFAULT_TIME_ZONE must be an IANA time zone (e.g. UTC, Africa/Addis_Ababa), got '${raw}'`);
  return value;
}

function smallCellMinOf(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return smallCellMin({});
  if (!isSmallCellMin(raw.trim()))
    throw new Error(`SMALL_CELL_MIN must be a whole number from 1 to 1000 (5: counts 1-4 show as '< 5'), got '${raw}'`);
  return Number(raw.trim());
}

/** QUERY_COUNT_CAP: a whole number from 1 to 10,000,000; unset or empty: 10,000. */
function queryCountCapOf(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return DEFAULT_QUERY_COUNT_CAP;
  if (!/^\d{1,8}$/.test(value) || Number(value) < 1 || Number(value) > 10_000_000)
    throw new Error(
      `QUERY_COUNT_CAP must be a whole number from 1 to 10000000 (10000: a count stops at 'More than 10,000'), got '${raw}'`,
    );
  return Number(value);
}

/** WORKERS: a whole number from 1 to 64; unset or empty: the cores Node may use (os.availableParallelism). */
function workersOf(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return os.availableParallelism();
  if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 64)
    throw new Error(`WORKERS must be a whole number of API processes from 1 to 64 (e.g. 2), got '${raw}'`);
  return Number(value);
}

/** A comma-separated list of TCP ports (1-65535), e.g. `9100,6101`. */
function portList(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const value = env[name];
  if (value === undefined) return fallback;
  const ports = value.split(',').map((p) => p.trim());
  if (!ports.every((p) => /^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= 65535)) {
    throw new Error(`${name} must be a comma-separated list of ports 1-65535 (e.g. 9100,6101), got '${value}'`);
  }
  return [...new Set(ports.map(Number))];
}

function nonNegative(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!(value >= 0)) throw new Error(`${name} must be a number of 0 or more, got '${env[name]}'`);
  return value;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got '${env[name]}'`);
  return value;
}
