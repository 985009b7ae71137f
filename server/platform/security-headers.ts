import type { OutgoingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's headers (Content-Security-Policy, Strict-Transport-Security, X-Content-Type-Options, X-Frame-Options,
 * the Cross-Origin and Referrer policies, ...) on every answer, set where @fastify/helmet sets them (onRequest, on
 * the raw response, so errors, 404s and static files carry them too), but computed once: the plugin builds
 * helmet's middleware again for every request, 2-5% of a cheap read's server CPU (docs/performance.md). Options
 * with a per-request part (CSP nonces) are refused; the app's have none, so every request gets the same headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = Object.entries(await helmetHeaders(options));
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) if (value !== undefined) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers @fastify/helmet sets on a request with these options: read off a probe app's answer before its handler. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<OutgoingHttpHeaders> {
  if (options.enableCSPNonces) throw new Error('security headers: CSP nonces differ per request; not supported here');
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: OutgoingHttpHeaders = {};
  probe.get('/', (_req, reply) => {
    headers = { ...reply.raw.getHeaders() };
    return '';
  });
  await probe.inject('/');
  await probe.close();
  if (!Object.keys(headers).length) throw new Error('security headers: helmet set none');
  return headers;
}
