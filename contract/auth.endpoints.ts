import { z } from 'zod';
import { endpoint } from './endpoint';
import { AccountLanguage, ChangePassword, LoginRequest, LoginResponse, Me } from './auth.contract';

const tags = ['Authentication'];

/** Sign-in, sign-out, the own password and the signed-in account (docs/decisions/0002). */
export const authEndpoints = {
  // Public: throttled per account, address and device cookie; a success answers a device cookie (Set-Cookie).
  login: endpoint({
    method: 'POST',
    path: '/Authentication/login',
    body: LoginRequest,
    response: { 200: LoginResponse },
    permission: 'public',
    tags,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/Authentication/logout',
    response: { 204: z.null() },
    permission: 'signedIn',
    tags,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/Authentication/changePassword',
    body: ChangePassword,
    response: { 204: z.null() },
    permission: 'signedIn',
    tags,
  }),
  // Issue 33: the signed-in account's own language; answers the account as `me` does.
  setLanguage: endpoint({
    method: 'PUT',
    path: '/Authentication/language',
    body: AccountLanguage,
    response: { 200: Me },
    permission: 'signedIn',
    tags,
  }),
  me: endpoint({ method: 'GET', path: '/Authentication/me', response: { 200: Me }, permission: 'signedIn', tags }),
};
