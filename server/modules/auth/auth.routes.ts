import { z } from 'zod';
import { ChangePassword, LoginRequest, LoginResponse, Me } from '../../../contract/auth.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { unauthorized } from '../../platform/errors';
import { ctxOf } from '../../platform/context';
import { clientAddress } from '../../platform/client-address';
import { changeOwnPassword, login, logout, toMe } from './auth.service';

const tags = ['Authentication'];

export function authRoutes(app: App, { db, config, now }: AppDeps) {
  app.post('/api/Authentication/login', {
    config: { permission: 'public' },
    schema: { tags, body: LoginRequest, response: { 200: LoginResponse } },
  }, async (req, reply) => {
    const { deviceCookie, ...answer } = await login({ db, config, now }, req.body,
      { address: clientAddress(req), cookieHeader: req.headers.cookie, secure: req.protocol === 'https' });
    void reply.header('set-cookie', deviceCookie);
    return answer;
  });

  app.post('/api/Authentication/logout', {
    config: { permission: 'signedIn' },
    schema: { tags, response: { 204: z.null() } },
  }, async (req, reply) => {
    if (!req.auth) throw unauthorized();
    await logout(db, req.auth, clientAddress(req), now());
    return reply.status(204).send(null);
  });

  app.post('/api/Authentication/changePassword', {
    config: { permission: 'signedIn' },
    schema: { tags, body: ChangePassword, response: { 204: z.null() } },
  }, async (req, reply) => {
    await changeOwnPassword(ctxOf(req, db, now), req.body);
    return reply.status(204).send(null);
  });

  app.get('/api/Authentication/me', {
    config: { permission: 'signedIn' },
    schema: { tags, response: { 200: Me } },
  }, async (req) => {
    if (!req.auth) throw unauthorized();
    return toMe(req.auth, config.sessionIdleMinutes);
  });
}
