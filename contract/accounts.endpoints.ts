import { z } from 'zod';
import { IdParam, PagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import {
  Invitation,
  InvitationAnswer,
  OverwritePassword,
  User,
  UserCreate,
  UserMembership,
  UserQuery,
  UserRoles,
  UserSuperAdmin,
} from './accounts.contract';

const tags = ['Accounts'];

/** spec 2 §5: accounts (users) and, issue 26, the signed-in account's own invitations (docs/accounts.md). */
export const accountEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/users',
    query: PagingQuery.extend(UserQuery.shape),
    response: { 200: z.array(User) },
    permission: 'accounts.read',
    paged: true,
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/users/:id',
    params: IdParam,
    response: { 200: User },
    permission: 'accounts.read',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/users',
    body: UserCreate,
    response: { 201: User },
    permission: 'accounts.manage',
    tags,
  }),
  overwritePassword: endpoint({
    method: 'POST',
    path: '/users/overwritepassword',
    body: OverwritePassword,
    response: { 200: z.object({ id: z.number() }) },
    permission: 'accounts.manage',
    tags,
  }),
  setRoles: endpoint({
    method: 'PUT',
    path: '/users/:id/roles',
    params: IdParam,
    body: UserRoles,
    response: { 200: User },
    permission: 'accounts.manage',
    tags,
  }),
  setSuperAdmin: endpoint({
    method: 'PUT',
    path: '/users/:id/superAdmin',
    params: IdParam,
    body: UserSuperAdmin,
    response: { 200: User },
    permission: 'accounts.manage',
    tags,
  }),
  addMembership: endpoint({
    method: 'POST',
    path: '/users/:id/institutions',
    params: IdParam,
    body: UserMembership,
    response: { 200: User },
    permission: 'accounts.manage',
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/users/:id/disable',
    params: IdParam,
    response: { 200: User },
    permission: 'accounts.manage',
    tags,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/users/:id/enable',
    params: IdParam,
    response: { 200: User },
    permission: 'accounts.manage',
    tags,
  }),

  // Any signed-in account, no institution: an invitation is seen and answered only by the invited account.
  invitations: endpoint({
    method: 'GET',
    path: '/invitations',
    response: { 200: z.array(Invitation) },
    permission: 'signedIn',
    tags,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitations/:id/accept',
    params: IdParam,
    response: { 200: InvitationAnswer },
    permission: 'signedIn',
    tags,
  }),
  declineInvitation: endpoint({
    method: 'POST',
    path: '/invitations/:id/decline',
    params: IdParam,
    response: { 200: InvitationAnswer },
    permission: 'signedIn',
    tags,
  }),
};
