import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { frameworkErrors, registerErrorHandler, notFound } from './platform/errors';
import { registerValidation } from './platform/validation';
import { registerGuard } from './platform/guard';
import { JSON_BODY_LIMIT, registerJsonParser } from './platform/body-limits';
import {
  batchedStdout,
  loggerOptions,
  OneLinePerRequest,
  TurnBatchedLog,
  type LogStream,
} from './platform/request-log';
import { registerMetrics } from './platform/metrics';
import { registerProblemResponses } from './platform/openapi';
import { registerSecurityHeaders } from './platform/security-headers';
import { startAuditSealer } from './platform/audit-seal';
import { startUpkeep } from './db/pglite-upkeep';
import { heavyReadDb, registerWriteMarks, type WriteMarks } from './platform/heavy-reads';
import type { App, AppDeps } from './platform/app-types';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { institutionRoutes } from './modules/institutions/institutions.routes';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { markSessionWrite, resolveToken, revokeSessions, SessionCache, sessionWroteWithin } from './modules/auth';
import { auditRoutes } from './modules/audit/audit.routes';
import { lookupRoutes } from './modules/configuration/lookup.routes';
import { testSetupRoutes } from './modules/configuration/test-setup.routes';
import { participantRoutes } from './modules/participants/participants.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { labelRoutes } from './modules/labels/labels.routes';
import { protocolRoutes } from './modules/protocols/protocols.routes';
import { storageRoutes } from './modules/storage/storage.routes';
import { sampleRoutes } from './modules/samples/samples.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { shipmentRoutes } from './modules/shipments/shipments.routes';
import { distributionRoutes } from './modules/distribution/distribution.routes';
import { requestRoutes } from './modules/distribution/requests.routes';
import { queryRoutes } from './modules/queries/queries.routes';
import { partnerRoutes } from './modules/partners/partners.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { indicatorRoutes } from './modules/indicators/indicators.routes';
import { importRoutes } from './modules/imports/imports.routes';

export interface BuildOptions {
  config: Config;
  database: Database;
  now?: () => Date;
  /** false: no log; otherwise JSON lines (platform/request-log.ts) at `level` (LOG_LEVEL) to `stream` (stdout). */
  logger?: false | { level?: string; stream?: LogStream };
}

/** The Fastify app: no I/O at import time; main.ts and the tests both build it. */
export async function buildApp({ config, database, now = () => new Date(), logger }: BuildOptions): Promise<App> {
  // stdout unless a stream is given: lines batched per turn of the event loop (platform/request-log.ts).
  const logStream = logger === false ? null : (logger?.stream ?? batchedStdout());
  const app = Fastify({
    logger: logger === false || !logStream ? false : loggerOptions(logger?.level ?? config.logLevel, logStream),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // JSON bodies: 1 MB; routes that need more declare their own (server/platform/body-limits.ts).
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onSend', async (req, reply) => {
    void reply.header('X-Request-Id', req.id);
    // API answers hold patient data and tokens: no browser or proxy cache keeps them. Static files keep theirs.
    if (req.url.toLowerCase().startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
  });
  registerJsonParser(app);
  registerValidation(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Request timings from the first hook on; GET /metrics answers only with METRICS_TOKEN (platform/metrics.ts).
  registerMetrics(app, { token: config.metricsToken, database });

  // Helmet's headers, computed once at start (platform/security-headers.ts).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Biobanking LIMS API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a registered id (the query builder's recursive CriteriaGroup) become components it refers to.
    transformObject: jsonSchemaTransformObject,
  });
  // The app's CSP (helmet, above) covers the docs too: swagger-ui needs inline styles, no inline scripts.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Sessions are cached only where changes to them are notified (server/db/client.ts onAuthChange).
  const sessions =
    database.onAuthChange && config.sessionCacheMs > 0 ? new SessionCache(config.sessionCacheMs) : undefined;
  if (sessions) {
    const unsubscribe = database.onAuthChange!(() => sessions.forget());
    app.addHook('onClose', async () => unsubscribe());
  }
  registerGuard(app, (token) => resolveToken(database.db, token, now(), config.sessionIdleMinutes, sessions));
  registerProblemResponses(app);
  // Heavy reads (routes registered with { heavyReads: true }) go to DATABASE_READ_URL's replica, or to the report pool
  // when there is none or the session wrote within READ_YOUR_WRITES_MS; its last write is a row on the primary, so
  // every API process and worker sees it (platform/heavy-reads.ts, docs/operations.md "Read replica").
  const marks: WriteMarks = {
    mark: (sessionId) => markSessionWrite(database.db, sessionId),
    wroteRecently: (sessionId) =>
      config.readYourWritesMs > 0
        ? sessionWroteWithin(database.db, sessionId, config.readYourWritesMs)
        : Promise.resolve(false),
  };
  if (database.replicaDb && config.readYourWritesMs > 0) registerWriteMarks(app, marks);
  const heavyReads = heavyReadDb({ primary: database.reportDb, replica: database.replicaDb, marks });
  const deps: AppDeps = { db: database.db, reportDb: database.reportDb, heavyReadDb: heavyReads, config, now };
  healthRoutes(app, deps, database);
  authRoutes(app, deps);
  institutionRoutes(app, deps);
  accountRoutes(app, deps, revokeSessions);
  auditRoutes(app, deps);
  lookupRoutes(app, deps);
  testSetupRoutes(app, deps);
  participantRoutes(app, deps);
  orderRoutes(app, deps);
  labelRoutes(app, deps);
  protocolRoutes(app, deps);
  storageRoutes(app, deps);
  sampleRoutes(app, deps);
  formRoutes(app, deps);
  shipmentRoutes(app, deps);
  partnerRoutes(app, deps);
  distributionRoutes(app, deps);
  requestRoutes(app, deps);
  queryRoutes(app, deps);
  fhirRoutes(app, deps);
  reportRoutes(app, deps);
  indicatorRoutes(app, deps);
  importRoutes(app, deps);

  // Seals committed audit rows into each institution's chain of blocks (docs/audit.md); stopped before the database closes.
  const stopSealer = startAuditSealer(database.db, config.auditSealIntervalMs, (err) =>
    app.log.warn({ err }, 'audit sealing round failed; the next round retries'),
  );
  app.addHook('onClose', stopSealer);
  // PGlite has no autovacuum and no checkpointer: the process sees to the tables that grew and to the write-ahead log
  // (server/db/pglite-upkeep.ts).
  const upkeep = database.upkeep;
  if (upkeep) {
    const stopUpkeep = startUpkeep(
      upkeep,
      config.pgliteUpkeepIntervalMs,
      (done) =>
        app.log.info(
          { tables: done.tables.map((t) => t.name), checkpoint: done.checkpoint, ms: done.ms },
          'pglite upkeep round',
        ),
      (err) => app.log.warn({ err }, 'pglite upkeep round failed; the next round retries'),
    );
    app.addHook('onClose', stopUpkeep);
  }
  // The lines still pending (the turn's batch) are written before close resolves; the sealer's last line included.
  if (logStream instanceof TurnBatchedLog) app.addHook('onClose', async () => logStream.flush());

  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes x.br and x.gz next to each file (web/vite.config.ts): sent as they are, per Accept-Encoding.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Files under /assets carry a content hash in their name: cached for a year, never revalidated.
      // Everything else (index.html, favicon) is revalidated on each load so a new release is seen at once.
      cacheControl: false,
      setHeaders: (res, file) => {
        // Caches keep the brotli, gzip and plain answers apart.
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader(
          'Cache-Control',
          path.relative(config.webDist, file).startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  // History-mode fallback: every non-/api GET that is not a file gets the web app.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.toLowerCase().startsWith('/api') || req.method !== 'GET') throw notFound('Resource');
    if (!hasWeb) return reply.status(404).type('text/plain').send('The web app is not built: run npm run build.');
    const file = path.join(config.webDist, path.normalize(decodeURIComponent(url)).replace(/^([/\\])+/, ''));
    if (file.startsWith(config.webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(config.webDist, file));
    }
    if (/\.[a-z0-9]{1,8}$/i.test(url)) throw notFound('File');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
