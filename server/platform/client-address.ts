import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as stored in login_attempts, sessions and the audit log (issue 26): Fastify's
 * req.ip (X-Forwarded-For only from the proxies TRUST_PROXY names) when it is an IP address, otherwise
 * the socket's peer: whatever a proxy forwarded that is not an address (`<script>`, 5,000 characters)
 * is never stored.
 */
export function clientAddress(req: Pick<FastifyRequest, 'ip' | 'socket'>): string {
  if (isAddress(req.ip)) return req.ip;
  const peer = req.socket?.remoteAddress;
  return peer && isAddress(peer) ? peer : 'unknown';
}

const isAddress = (value: string | undefined): value is string => !!value && value.length <= 64 && isIP(value) !== 0;
