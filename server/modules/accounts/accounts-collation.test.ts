// Issue 33 item 3: the accounts list sorts names as people read them (server/platform/collation.ts).
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { createAccount, signedIn } from '../../test/factories';
import { accounts } from './accounts.table';

const t = await testApp();

it('lists accounts by last name in that order', async () => {
  const admin = await signedIn(t, ['Institution Administrator']);
  const tag = `Coll${Date.now()}`;
  for (const lastName of [`${tag}Eric`, `${tag}Émile`, `${tag}Eliane`]) {
    const acc = await createAccount(t, { roles: ['Technician'], institutionIds: [admin.institution.id] });
    await t.db.update(accounts).set({ lastName }).where(eq(accounts.id, acc.id));
  }
  const res = await t.call('GET', `/api/users?SearchTerm=${tag}&PageSize=10`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(json<{ lastName: string }[]>(res).map((a) => a.lastName)).toEqual([
    `${tag}Eliane`,
    `${tag}Émile`,
    `${tag}Eric`,
  ]);
});
