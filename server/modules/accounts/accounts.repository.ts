import { and, eq, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { updateStamped } from '../../platform/crud/stamp';
import { accountInstitutions, accounts } from './accounts.table';
import { qualified } from '../../platform/qualified';

// The accounts module's public query surface: other modules (auth) call these, never its tables.

/**
 * Accounts as auth needs them: the person, its flags and its memberships (one json sub-select).
 * A subquery rather than a function, so auth joins it to its session in the same statement and a
 * request's sign-in check stays one query.
 */
export const signInAccounts = new QueryBuilder()
  .select({
    id: accounts.id,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    email: accounts.email,
    userName: accounts.userName,
    phoneNumber: accounts.phoneNumber,
    isSuperAdmin: accounts.isSuperAdmin,
    isEnabled: accounts.isEnabled,
    memberships: sql<
      { institutionId: number; roles: string[] }[] | null
    >`(select json_agg(json_build_object('institutionId', ai.institution_id, 'roles', ai.roles) order by ai.institution_id)
    from account_institutions ai where ai.account_id = ${qualified(accounts.id)})`.as('memberships'),
  })
  .from(accounts)
  .as('sign_in_accounts');

/** What a sign-in checks: the account of a user name (any case), its password hash and whether it is enabled. */
export async function credentialsOf(db: Db, userName: string) {
  const [row] = await db
    .select({ id: accounts.id, passwordHash: accounts.passwordHash, isEnabled: accounts.isEnabled })
    // An invitation's placeholder never signs in (docs/accounts.md).
    .from(accounts)
    .where(and(eq(sql`lower(${accounts.userName})`, userName.toLowerCase()), isNull(accounts.invitedAccountId)))
    .limit(1);
  return row;
}

/** The stored password hash of an account, to check a password someone types to confirm who they are. */
export async function passwordHashOf(db: Db, accountId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.passwordHash;
}

/** Stores a new password hash (a new concurrency stamp, like any edit). The caller audits it and ends sessions. */
export async function setPasswordHash(tx: Db, accountId: number, passwordHash: string) {
  await updateStamped(tx, accounts, undefined, accountId, undefined, { passwordHash }, 'Account');
}

/** The institutions an account belongs to (auth audits a sign-in in each of them). */
export async function membershipInstitutionIds(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountInstitutions.institutionId })
    .from(accountInstitutions)
    .where(eq(accountInstitutions.accountId, accountId));
  return rows.map((r) => r.id);
}
