import path from 'node:path';

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
  /** Failed logins allowed per account (and 4x per address) in the throttle window. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  trustProxy: boolean;
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
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginWindowMinutes: Number(env.LOGIN_WINDOW_MINUTES ?? 15),
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
