import { authEndpoints as e } from '../../../contract/auth.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { clientAddress } from '../../platform/client-address';
import { changeOwnPassword, login, logout, setOwnLanguage, toMe } from './auth.service';

export function authRoutes(app: App, deps: AppDeps) {
  const { db, config, now } = deps;
  const route = router(app, deps);
  // Public (ctx null): the device cookie travels in and out as a header (docs/decisions/0002).
  route(e.login, async (req, _ctx, reply) => {
    const { deviceCookie, ...answer } = await login({ db, config, now }, req.body, {
      address: clientAddress(req),
      cookieHeader: req.headers.cookie,
      secure: req.protocol === 'https',
    });
    void reply.header('set-cookie', deviceCookie);
    return answer;
  });
  route(e.logout, async (_req, ctx, reply) => {
    await logout(db, ctx.account, ctx.address, now());
    return reply.status(204).send(null);
  });
  route(e.changePassword, async (req, ctx, reply) => {
    await changeOwnPassword(ctx, req.body);
    return reply.status(204).send(null);
  });
  route(e.setLanguage, async (req, ctx) => setOwnLanguage(ctx, req.body, config.sessionIdleMinutes));
  route(e.me, async (_req, ctx) => toMe(ctx.account, config.sessionIdleMinutes));
}
