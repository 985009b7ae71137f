import { and, asc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Role } from '../../../contract/permissions.contract';
import type { Db } from '../../db/client';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RecordRow } from '../../platform/record-refs';
import { accountInstitutions, accounts } from './accounts.table';
import { collated } from '../../platform/collation';
import { qualified } from '../../platform/qualified';
import { everyInstitutionTimeZone, institutionTimeZoneOf } from '../institutions';

// All of the accounts module's SQL. The first part is its public query surface (index.ts): other modules
// (auth) call these, never its tables.

/**
 * Accounts as auth needs them: the person, its flags and its memberships (one json sub-select), each with its
 * institution's time zone, and for a Super Administrator every institution's zone (issue 30: a request reads its
 * institution's clock from its session, never in a statement of its own; migration 0062 notifies lims_auth when a
 * zone changes, so a cached session never keeps an old one). A subquery rather than a function, so auth joins it to
 * its session in the same statement and a request's sign-in check stays one query.
 */
export const signInAccounts = new QueryBuilder()
  .select({
    id: accounts.id,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    email: accounts.email,
    userName: accounts.userName,
    phoneNumber: accounts.phoneNumber,
    language: accounts.language,
    isSuperAdmin: accounts.isSuperAdmin,
    isEnabled: accounts.isEnabled,
    memberships: sql<
      { institutionId: number; roles: string[]; timeZone: string | null }[] | null
    >`(select json_agg(json_build_object('institutionId', ai.institution_id, 'roles', ai.roles,
      'timeZone', ${institutionTimeZoneOf(sql`ai.institution_id`)}) order by ai.institution_id)
    from account_institutions ai where ai.account_id = ${qualified(accounts.id)})`.as('memberships'),
    everyTimeZone: sql<Record<
      string,
      string
    > | null>`case when ${qualified(accounts.isSuperAdmin)} then ${everyInstitutionTimeZone} end`.as('every_time_zone'),
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

/**
 * The account's own language (issue 33). A preference, not a change of the record an administrator edits:
 * the concurrency stamp stays, so an administrator's open edit of the account is not refused for it.
 */
export async function setAccountLanguage(tx: Db, accountId: number, language: string | null) {
  await tx.update(accounts).set({ language }).where(eq(accounts.id, accountId));
}

/** The institutions an account belongs to (auth audits a sign-in in each of them). */
export async function membershipInstitutionIds(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountInstitutions.institutionId })
    .from(accountInstitutions)
    .where(eq(accountInstitutions.accountId, accountId));
  return rows.map((r) => r.id);
}

/**
 * Of `ids`, the enabled accounts that are members of the institution, with their names (issue 32: a
 * distribution protocol's investigator and approvers are accounts of its institution).
 */
export async function membersAmong(db: Db, institutionId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .innerJoin(
      accountInstitutions,
      and(eq(accountInstitutions.accountId, accounts.id), eq(accountInstitutions.institutionId, institutionId)),
    )
    .where(and(inArray(accounts.id, ids), eq(accounts.isEnabled, true), isNull(accounts.invitedAccountId)));
}

// ---- The accounts module's own SQL (accounts.service.ts): not exported from index.ts ----

/** An account as `selectRecords` reads it (the password hash never reaches a record). */
export type AccountRecord = RecordRow<typeof accounts>;

/**
 * Accounts the caller may see: members of one of these institutions; null means every account (Super
 * Administrator). An empty list matches nothing.
 */
function visibleIn(db: Db, visible: readonly number[] | null): SQL | undefined {
  if (visible === null) return undefined;
  return exists(
    db
      .select({ x: sql`1` })
      .from(accountInstitutions)
      .where(
        and(
          eq(accountInstitutions.accountId, accounts.id),
          inArray(accountInstitutions.institutionId, visible.length ? [...visible] : [0]),
        ),
      ),
  );
}

/** One page of the accounts visible in `visible`, by name, filtered by a search term and by enabled. */
export async function accountPage(db: Db, visible: readonly number[] | null, q: PagingQuery) {
  const parts: (SQL | undefined)[] = [visibleIn(db, visible)];
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(
      or(
        ilike(accounts.firstName, p),
        ilike(accounts.lastName, p),
        ilike(accounts.email, p),
        ilike(accounts.phoneNumber, p),
      ),
    );
  }
  if (q.isEnabled !== undefined) parts.push(eq(accounts.isEnabled, q.isEnabled));
  return selectRecords(db, accounts, {
    where: and(...parts),
    orderBy: [asc(collated(accounts.lastName)), asc(collated(accounts.firstName)), asc(accounts.id)],
    limit: q.pageSize,
    offset: offsetOf(q),
  });
}

/** One account visible in `visible`, as a record, or undefined. */
export async function accountRecord(
  db: Db,
  id: number,
  visible: readonly number[] | null,
): Promise<AccountRecord | undefined> {
  const page = await selectRecords(db, accounts, {
    where: and(eq(accounts.id, id), visibleIn(db, visible)),
    orderBy: asc(accounts.id),
    limit: 1,
  });
  return page.rows[0];
}

/** The memberships of these accounts (one query for a page of them): account, institution and roles. */
export async function membershipLinks(db: Db, accountIds: number[]) {
  return db
    .select({
      accountId: accountInstitutions.accountId,
      id: accountInstitutions.institutionId,
      roles: accountInstitutions.roles,
    })
    .from(accountInstitutions)
    .where(inArray(accountInstitutions.accountId, accountIds));
}

/** The memberships of one account: institution and roles. */
export async function membershipsOf(db: Db, accountId: number) {
  return db
    .select({ institutionId: accountInstitutions.institutionId, roles: accountInstitutions.roles })
    .from(accountInstitutions)
    .where(eq(accountInstitutions.accountId, accountId));
}

/**
 * An account visible in `visible`, by id or by user name (any case), with every column (the password
 * hash included: the service checks a password against it). An invitation's placeholder answers to its
 * e-mail, as the account its administrator created would.
 */
export async function managedAccount(db: Db, user: number | string, visible: readonly number[] | null) {
  const byKey =
    typeof user === 'number'
      ? eq(accounts.id, user)
      : or(
          eq(sql`lower(${accounts.userName})`, user.toLowerCase()),
          and(isNotNull(accounts.invitedAccountId), eq(sql`lower(${accounts.email})`, user.toLowerCase())),
        );
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(byKey, visibleIn(db, visible)))
    .limit(1);
  return row;
}

/** The same e-mail or user name (`email` already lower case). */
const sameKey = (email: string) =>
  or(eq(sql`lower(${accounts.email})`, email), eq(sql`lower(${accounts.userName})`, email));

/** The account (not a placeholder) with this e-mail or user name, locked until the transaction ends. */
export async function lockAccountByKey(tx: Db, email: string) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sameKey(email), isNull(accounts.invitedAccountId)))
    .limit(1)
    .for('update');
  return row;
}

/** Whether an account (or placeholder) with this e-mail or user name is visible in `visible`. */
export async function visibleAccountByKey(tx: Db, email: string, visible: readonly number[] | null) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sameKey(email), visibleIn(tx, visible)))
    .limit(1);
  return row;
}

/** Inserts an account (or an invitation's placeholder); returns the whole row. */
export async function insertAccount(tx: Db, values: typeof accounts.$inferInsert) {
  const [row] = await tx.insert(accounts).values(values).returning();
  return row;
}

/** Inserts a membership with its roles. */
export async function insertMembership(
  tx: Db,
  values: { accountId: number; institutionId: number; roles: Role[]; creatorId: number },
) {
  await tx.insert(accountInstitutions).values(values);
}

/**
 * Gives a membership unless the account has one there already; whether it was added. (An invitation's
 * memberships may name an institution the account joined in the meantime.)
 */
export async function joinUnlessMember(
  tx: Db,
  values: { accountId: number; institutionId: number; roles: Role[]; creatorId: number },
) {
  const added = await tx
    .insert(accountInstitutions)
    .values(values)
    .onConflictDoNothing()
    .returning({ institutionId: accountInstitutions.institutionId });
  return added.length > 0;
}

/** A new concurrency stamp on the account (a membership's roles changed), checked against `stamp`. */
export async function touchAccount(tx: Db, id: number, stamp: string | undefined) {
  await updateStamped(tx, accounts, undefined, id, stamp, {}, 'Account');
}

/** The roles of the account's membership in one institution. */
export async function setMembershipRoles(tx: Db, accountId: number, institutionId: number, roles: Role[]) {
  await tx
    .update(accountInstitutions)
    .set({ roles })
    .where(and(eq(accountInstitutions.accountId, accountId), eq(accountInstitutions.institutionId, institutionId)));
}

/** Sets the Super Administrator flag (guarded by the concurrency stamp); the row before and after. */
export const setSuperAdminFlag = (tx: Db, id: number, stamp: string | undefined, isSuperAdmin: boolean) =>
  updateStamped(tx, accounts, undefined, id, stamp, { isSuperAdmin }, 'Account');

/** Disables or enables the account; the row before and after. */
export const setAccountEnabled = (tx: Db, id: number, enabled: boolean, by: number, now: Date) =>
  setEnabled(tx, accounts, undefined, id, enabled, by, now, 'Account');

/** The enabled invitation placeholders pointing at an account, oldest first. */
export async function pendingInvitations(db: Db, accountId: number) {
  return db
    .select({
      id: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      createdDate: accounts.createdDate,
      creatorId: accounts.creatorId,
    })
    .from(accounts)
    .where(and(eq(accounts.invitedAccountId, accountId), eq(accounts.isEnabled, true)))
    .orderBy(asc(accounts.id));
}

/** The names of these accounts. */
export async function accountNamesOf(db: Db, ids: number[]) {
  return db
    .select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .where(inArray(accounts.id, ids));
}

/** The enabled invitation `id` of the account, locked until the transaction ends, or undefined. */
export async function lockInvitation(tx: Db, id: number, accountId: number) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.invitedAccountId, accountId), eq(accounts.isEnabled, true)))
    .for('update');
  return row;
}

/** Removes an invitation's placeholder and its memberships. */
export async function deleteInvitation(tx: Db, id: number) {
  await tx.delete(accountInstitutions).where(eq(accountInstitutions.accountId, id));
  await tx.delete(accounts).where(eq(accounts.id, id));
}
