import { randomUUID } from 'node:crypto';
import type { Role } from '../../contract/permissions.contract';
import { accounts, accountInstitutions } from '../modules/accounts/accounts.table';
import { institutions, institutionSites } from '../modules/institutions/institutions.table';
import { hashPassword } from '../platform/passwords';
import { seedReferenceData } from '../db/seed/reference-data';
import type { TestApp } from './harness';

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
export const PASSWORD = 'Correct-Horse-9';

/** An institution with its reference data and one site. */
export async function createInstitution(t: TestApp, overrides: Partial<{ title: string; abbreviation: string }> = {}) {
  return t.db.transaction(async (tx) => {
    const [inst] = await tx
      .insert(institutions)
      .values({
        title: overrides.title ?? unique('Institute'),
        abbreviation: overrides.abbreviation ?? 'INS',
        address: '10 Lab Street',
      })
      .returning();
    const [site] = await tx
      .insert(institutionSites)
      .values({ institutionId: inst.id, title: 'Main Site', abbreviation: 'MS', address: '10 Lab Street' })
      .returning();
    await seedReferenceData(tx, inst.id, null);
    return { ...inst, site };
  });
}

/**
 * scrypt cost of the accounts made here: a sixteenth of the product's (N 1024 against 16384), which sign-in checks at the
 * cost the hash names. A whole API run signs in several hundred of them: about 70 ms of CPU each at full cost.
 */
const TEST_HASH_COST = 1024;
let hashed: string | undefined;

/**
 * An account member of the given institutions with the given roles in each ('Super Administrator'
 * becomes the account flag); rolesIn overrides the roles of single institutions.
 */
export async function createAccount(
  t: TestApp,
  opts: {
    roles: Role[];
    institutionIds: number[];
    rolesIn?: Record<number, Role[]>;
    password?: string;
    email?: string;
  },
) {
  hashed ??= await hashPassword(PASSWORD, TEST_HASH_COST);
  const email = (opts.email ?? `${randomUUID().slice(0, 12)}@lab.test`).toLowerCase();
  const passwordHash = opts.password ? await hashPassword(opts.password, TEST_HASH_COST) : hashed;
  const [acc] = await t.db
    .insert(accounts)
    .values({
      firstName: 'Test',
      lastName: opts.roles[0] ?? 'User',
      email,
      userName: email,
      phoneNumber: '+15550100',
      passwordHash,
      isSuperAdmin: opts.roles.includes('Super Administrator'),
    })
    .returning();
  const membershipRoles = (roles: Role[]) => roles.filter((r) => r !== 'Super Administrator');
  if (opts.institutionIds.length) {
    await t.db.insert(accountInstitutions).values(
      opts.institutionIds.map((institutionId) => ({
        accountId: acc.id,
        institutionId,
        roles: membershipRoles(opts.rolesIn?.[institutionId] ?? opts.roles),
      })),
    );
  }
  return acc;
}

export async function login(t: TestApp, userName: string, password = PASSWORD, stayLoggedIn = true) {
  const res = await t.call('POST', '/api/Authentication/login', {
    body: { userName, password, stayLoggedIn },
    address: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** An institution plus a signed-in account of the given role in it. */
export async function signedIn(t: TestApp, roles: Role[] = ['Institution Administrator'], inst?: { id: number }) {
  const institution = inst ?? (await createInstitution(t));
  const account = await createAccount(t, { roles, institutionIds: [institution.id] });
  const token = await login(t, account.email);
  return { institution: institution as Awaited<ReturnType<typeof createInstitution>>, account, token };
}
