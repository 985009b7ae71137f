import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Permission, Role } from '../../contract/permissions.contract';
import { forbidden, unauthorized } from './errors';

export interface AuthAccount {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  phoneNumber: string | null;
  roles: Role[];
  permissions: Set<Permission>;
  institutionIds: number[];
  isSuperAdmin: boolean;
  sessionId: number;
}

/** What a service needs: the database (or transaction), who acts, where, and the clock. */
export interface Ctx {
  db: Db;
  account: AuthAccount;
  institutionId: number | null;
  address: string;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthAccount | null;
  }
  interface FastifyContextConfig {
    /** The permission a route needs; 'signedIn' for any account; 'public' for none. */
    permission?: Permission | 'signedIn' | 'public';
  }
}

export function ctxOf(req: FastifyRequest, db: Db, now: () => Date): Ctx {
  if (!req.auth) throw unauthorized();
  const instId = (req.params as { instId?: number | string } | undefined)?.instId;
  return { db, account: req.auth, institutionId: instId ? Number(instId) : null, address: req.ip, now };
}

export function requirePermission(account: AuthAccount, permission: Permission) {
  if (!account.permissions.has(permission)) throw forbidden();
}

export function belongsTo(account: AuthAccount, institutionId: number) {
  return account.isSuperAdmin || account.institutionIds.includes(institutionId);
}

/** The institution of an institution-scoped ctx (routes under /institutions/{instId}). */
export function instOf(ctx: Ctx): number {
  if (ctx.institutionId === null) throw new Error('route has no {instId}');
  return ctx.institutionId;
}
