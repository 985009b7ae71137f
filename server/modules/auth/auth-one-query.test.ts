// issue 10: a request's auth is one query (session, account and memberships) or none while the session is cached
// (issue 30: the cache is emptied by every change, so what follows holds on the next request), and the
// revoked, expired and idle rules still hold.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { sentStatements } from '../../test/sent-statements';
import { accountInstitutions, accounts } from '../accounts/accounts.table';
import { resolveToken } from './auth.service';

const t = await testApp({ SESSION_CACHE_MS: '1000' });

async function statements<T>(fn: () => Promise<T>) {
  let value: T | undefined;
  const sql = await sentStatements(t.db, async () => {
    value = await fn();
  });
  return { value, sql };
}

describe('auth in one query', () => {
  it('reads session, account and memberships in one statement', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const { value, sql } = await statements(() => resolveToken(t.db, token, new Date(), 30));
    expect(sql).toHaveLength(1);
    expect(value?.memberships).toEqual([
      expect.objectContaining({ institutionId: institution.id, roles: ['Technician'] }),
    ]);
    expect(value?.memberships[0].permissions.has('orders.read')).toBe(true);
  });

  it('sees a role change and a disabled account on the very next request', async () => {
    const { institution, account, token } = await signedIn(t, ['Technician']);
    await t.db
      .update(accountInstitutions)
      .set({ roles: ['Researcher'] })
      .where(eq(accountInstitutions.accountId, account.id));
    const me = json<{ memberships: { institutionId: number; roles: string[] }[] }>(
      await t.call('GET', '/api/Authentication/me', { token }),
    );
    expect(me.memberships).toEqual([expect.objectContaining({ institutionId: institution.id, roles: ['Researcher'] })]);
    await t.db.update(accounts).set({ isEnabled: false }).where(eq(accounts.id, account.id));
    expect((await t.call('GET', '/api/Authentication/me', { token })).statusCode).toBe(401);
  });

  it('still refuses revoked, expired and idle sessions', async () => {
    const { token } = await signedIn(t, ['Technician']);
    const now = new Date();
    expect(await resolveToken(t.db, token, now, 30)).not.toBeNull();
    await expect(resolveToken(t.db, token, new Date(now.getTime() + 31 * 60_000), 30)).rejects.toMatchObject({
      code: 'auth.session_idle',
    });
    await expect(
      resolveToken(t.db, token, new Date(now.getTime() + 31 * 86_400_000), 60 * 24 * 365),
    ).rejects.toMatchObject({ code: 'auth.session_expired' });
    expect((await t.call('POST', '/api/Authentication/logout', { token })).statusCode).toBe(204);
    expect(await resolveToken(t.db, token, now, 30)).toBeNull();
    expect(await resolveToken(t.db, 'not-a-token', now, 30)).toBeNull();
  });
});
