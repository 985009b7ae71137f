import { z } from 'zod';
import { IdParam, PagingQuery } from '../../../contract/common.contract';
import { Invitation, InvitationAnswer, OverwritePassword, User, UserCreate, UserMembership, UserQuery, UserRoles, UserSuperAdmin } from '../../../contract/accounts.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as svc from './accounts.service';

const tags = ['Accounts'];

export function accountRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: Parameters<typeof ctxOf>[0]) => ctxOf(req, db, now);

  app.get('/api/users', {
    config: { permission: 'accounts.read' },
    schema: { tags, querystring: PagingQuery.extend(UserQuery.shape), response: { 200: z.array(User) } },
  }, async (req, reply) => sendPage(reply, req.query, await svc.listUsers(ctx(req), req.query, req.query.institutionId)));

  app.get('/api/users/:id', {
    config: { permission: 'accounts.read' },
    schema: { tags, params: IdParam, response: { 200: User } },
  }, async (req) => (await svc.getUser(ctx(req), req.params.id)));

  app.post('/api/users', {
    config: { permission: 'accounts.manage' },
    schema: { tags, body: UserCreate, response: { 201: User } },
  }, async (req, reply) => reply.status(201).send((await svc.createUser(ctx(req), req.body))));

  app.post('/api/users/overwritepassword', {
    config: { permission: 'accounts.manage' },
    schema: { tags, body: OverwritePassword, response: { 200: z.object({ id: z.number() }) } },
  }, async (req) => svc.overwritePassword(ctx(req), req.body));

  app.put('/api/users/:id/roles', {
    config: { permission: 'accounts.manage' },
    schema: { tags, params: IdParam, body: UserRoles, response: { 200: User } },
  }, async (req) => (await svc.setRoles(ctx(req), req.params.id, req.body)));

  app.put('/api/users/:id/superAdmin', {
    config: { permission: 'accounts.manage' },
    schema: { tags, params: IdParam, body: UserSuperAdmin, response: { 200: User } },
  }, async (req) => (await svc.setSuperAdmin(ctx(req), req.params.id, req.body)));

  app.post('/api/users/:id/institutions', {
    config: { permission: 'accounts.manage' },
    schema: { tags, params: IdParam, body: UserMembership, response: { 200: User } },
  }, async (req) => (await svc.addMembership(ctx(req), req.params.id, req.body)));

  // Issue 26: the signed-in account's own invitations (docs/accounts.md); any signed-in account, no institution.
  app.get('/api/invitations', {
    config: { permission: 'signedIn' },
    schema: { tags, response: { 200: z.array(Invitation) } },
  }, async (req) => svc.myInvitations(ctx(req)));

  for (const [action, accept] of [['accept', true], ['decline', false]] as const) {
    app.post(`/api/invitations/:id/${action}`, {
      config: { permission: 'signedIn' },
      schema: { tags, params: IdParam, response: { 200: InvitationAnswer } },
    }, async (req) => svc.answerInvitation(ctx(req), req.params.id, accept));
  }

  for (const [action, enabled] of [['disable', false], ['enable', true]] as const) {
    app.post(`/api/users/:id/${action}`, {
      config: { permission: 'accounts.manage' },
      schema: { tags, params: IdParam, response: { 200: User } },
    }, async (req) => (await svc.setUserEnabled(ctx(req), req.params.id, enabled)));
  }
}
