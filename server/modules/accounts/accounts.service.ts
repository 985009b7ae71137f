import { randomUUID } from 'node:crypto';
import { and, asc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  Invitation,
  InvitationAnswer,
  OverwritePassword,
  User,
  UserCreate,
} from '../../../contract/accounts.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import { SUPER_ADMIN, type Role } from '../../../contract/permissions.contract';
import type { Db } from '../../db/client';
import {
  type Ctx,
  administers,
  belongsTo,
  command,
  institutionsWhere,
  requirePermission,
} from '../../platform/context';
import { isUniqueViolation, notFound, validationProblem } from '../../platform/errors';
import { audit, auditInEach, type AuditEntry } from '../../platform/audit';
import { accountErrors } from './accounts.errors';
import { PASSWORD_MSG } from '../../../contract/password-policy';
import { strongPasswordProblem } from '../../../contract/password-strength';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RecordRow } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { institutionExists, institutionTitles } from '../institutions';
import { accounts, accountInstitutions } from './accounts.table';
import { passwordHashOf, setPasswordHash } from './accounts.repository';

/**
 * Ends every open session of an account inside the caller's transaction (its password was overwritten,
 * or it was disabled). Auth owns the sessions table; server/app.ts passes its function in, so accounts
 * does not import auth (auth imports accounts for sign-in facts).
 */
export type SessionEnder = (tx: Db, accountId: number, now: Date) => Promise<void>;

/** Accounts the caller may see: members of an institution where it holds accounts.read (all for Super Administrator). */
function visibleScope(ctx: Ctx, institutionId?: number): SQL | undefined {
  const ids = institutionId !== undefined ? [institutionId] : institutionsWhere(ctx.account, 'accounts.read');
  if (ids === null) return undefined;
  return exists(
    ctx.db
      .select({ x: sql`1` })
      .from(accountInstitutions)
      .where(
        and(
          eq(accountInstitutions.accountId, accounts.id),
          inArray(accountInstitutions.institutionId, ids.length ? ids : [0]),
        ),
      ),
  );
}

type Membership = { id: number; title: string; roles: Role[] };

type AccountRow = RecordRow<typeof accounts>;

/**
 * An account as the contract's `User` (the password hash never reaches a record: `RecordDto` drops it).
 * An invitation's placeholder shows as the account its administrator created: its user name is the
 * e-mail typed, and nothing says it is an invitation (docs/accounts.md).
 */
function toUser(row: AccountRow, institutionList: Membership[], otherInstitutionCount: number): User {
  const { invitedAccountId, ...account } = row;
  return {
    ...account,
    userName: invitedAccountId === null ? account.userName : account.email,
    institutions: institutionList,
    otherInstitutionCount,
  };
}

export async function listUsers(ctx: Ctx, q: PagingQuery, institutionId?: number) {
  requirePermission(ctx, 'accounts.read');
  if (institutionId !== undefined && !belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  if (institutionId !== undefined) requirePermission(ctx, 'accounts.read', institutionId);
  const parts: (SQL | undefined)[] = [visibleScope(ctx, institutionId)];
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
  const page = await selectRecords(ctx.db, accounts, {
    where: and(...parts),
    orderBy: [asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id)],
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { total: page.total, rows: await withInstitutions(ctx, page.rows) };
}

/**
 * Adds each account's memberships with one query for the whole page (no N+1): only those of
 * institutions where the caller may read accounts; the others are only counted.
 */
async function withInstitutions(ctx: Ctx, rows: AccountRow[]): Promise<User[]> {
  if (!rows.length) return [];
  const links = await ctx.db
    .select({
      accountId: accountInstitutions.accountId,
      id: accountInstitutions.institutionId,
      roles: accountInstitutions.roles,
    })
    .from(accountInstitutions)
    .where(
      inArray(
        accountInstitutions.accountId,
        rows.map((r) => r.id),
      ),
    );
  const titles = await institutionTitles(ctx.db, [...new Set(links.map((m) => m.id))]);
  const memberships = links
    .filter((m) => titles.has(m.id))
    .map((m) => ({ ...m, title: titles.get(m.id)! }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  const readable = institutionsWhere(ctx.account, 'accounts.read');
  return rows.map((r) => {
    const own = memberships.filter((m) => m.accountId === Number(r.id));
    const shown = own
      .filter((m) => readable === null || readable.includes(m.id))
      .map((m) => ({ id: m.id, title: m.title, roles: m.roles as Role[] }));
    return toUser(r, shown, own.length - shown.length);
  });
}

export async function getUser(ctx: Ctx, id: number) {
  requirePermission(ctx, 'accounts.read');
  const page = await selectRecords(ctx.db, accounts, {
    where: and(eq(accounts.id, id), visibleScope(ctx)),
    orderBy: asc(accounts.id),
    limit: 1,
  });
  if (!page.rows[0]) throw notFound('Account');
  return (await withInstitutions(ctx, page.rows))[0];
}

function assertMayGrant(ctx: Ctx, roles: readonly Role[]) {
  if (roles.includes(SUPER_ADMIN) && !ctx.account.isSuperAdmin) {
    throw accountErrors.super_admin_grant();
  }
}

/** Refuses (403) unless the caller administers the institution: a membership is changed only there. */
function assertAdministers(ctx: Ctx, institutionId: number) {
  if (!belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  if (!administers(ctx.account, institutionId)) throw accountErrors.not_administered();
}

/**
 * POST /api/users (spec 2 §5). A new e-mail creates the account with the password typed (the spec's call).
 * An e-mail or user name of an account the caller cannot see (it belongs only to other institutions)
 * becomes an invitation instead (issue 26, docs/accounts.md): a placeholder account holding only what the
 * administrator typed, with the membership and roles chosen, which the account holder accepts or declines.
 * Both answer alike: 201, the same body built from what was typed, a fresh id from the same sequence, the
 * same work (the password is hashed either way; one account row, one membership, one 'create' audit row).
 * The password typed is never applied to the existing account. A duplicate the caller can see is a 409.
 */
export async function createUser(ctx: Ctx, input: UserCreate) {
  requirePermission(ctx, 'accounts.manage');
  assertAdministers(ctx, input.institutionId);
  assertMayGrant(ctx, input.roles);
  // issue 26: scored with the account's own names and e-mail (the contract's schema checked the rest).
  const weak = strongPasswordProblem(input.password, {
    email: input.email,
    userInputs: [input.firstName, input.lastName],
  });
  if (weak) throw validationProblem({ password: [weak] });
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  const sameKey = or(eq(sql`lower(${accounts.email})`, email), eq(sql`lower(${accounts.userName})`, email));
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const inst = { id: input.institutionId };
      if (!(await institutionExists(tx, inst.id))) throw notFound('Institution');
      const [existing] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sameKey, isNull(accounts.invitedAccountId)))
        .limit(1)
        .for('update');
      // The caller sees it already (a member of its institutions, or its own pending invitation): say so.
      const [visible] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sameKey, visibleScope(ctx)))
        .limit(1);
      if (visible) throw accountErrors.email_taken();
      const [row] = await tx
        .insert(accounts)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          phoneNumber: input.phoneNumber,
          passwordHash,
          creatorId: ctx.account.id,
          enablerId: ctx.account.id,
          ...(existing
            ? { userName: `invitation ${randomUUID()}`, isSuperAdmin: false, invitedAccountId: existing.id }
            : { userName: email, isSuperAdmin: input.roles.includes(SUPER_ADMIN) }),
        })
        .returning();
      const roles = [...new Set(input.roles)].filter((r) => r !== SUPER_ADMIN);
      await tx
        .insert(accountInstitutions)
        .values({ accountId: row.id, institutionId: inst.id, roles, creatorId: ctx.account.id });
      // The institution's log reads the same for both; who was invited is logged outside any institution
      // (institution null: Super Administrators), never in B's chain.
      const { passwordHash: _p, ...created } = row;
      await audit(tx, ctx, {
        entity: 'account',
        entityId: row.id,
        action: 'create',
        after: { ...(asShown(created) as object), roles },
        institutionId: inst.id,
      });
      if (existing) {
        await audit(tx, ctx, {
          entity: 'account',
          entityId: existing.id,
          action: 'invite',
          after: { invitationId: row.id, institutionId: inst.id, roles },
          institutionId: null,
        });
      }
      return row.id;
    });
    return getUser(ctx, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw accountErrors.email_taken();
    throw err;
  }
}

/** Looks up an account the caller may see (404 otherwise), by id or by e-mail / user name, with its memberships. */
async function findManaged(ctx: Ctx, user: number | string) {
  // An invitation's placeholder answers to its e-mail, as the account its administrator created would.
  const byKey =
    typeof user === 'number'
      ? eq(accounts.id, user)
      : or(
          eq(sql`lower(${accounts.userName})`, user.toLowerCase()),
          and(isNotNull(accounts.invitedAccountId), eq(sql`lower(${accounts.email})`, user.toLowerCase())),
        );
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(and(byKey, visibleScope(ctx)))
    .limit(1);
  if (!row) throw notFound('Account');
  const memberships = await ctx.db
    .select({ institutionId: accountInstitutions.institutionId, roles: accountInstitutions.roles })
    .from(accountInstitutions)
    .where(eq(accountInstitutions.accountId, row.id));
  return { ...row, memberships };
}
type Managed = Awaited<ReturnType<typeof findManaged>>;

/**
 * An account-wide change (password, disable, enable) needs the caller to administer every
 * institution the account belongs to: otherwise an administrator of B could take over A's staff.
 */
function assertAdministersAll(ctx: Ctx, target: Managed) {
  if (ctx.account.isSuperAdmin) return;
  if (target.isSuperAdmin) throw accountErrors.super_admin_target();
  if (!target.memberships.every((m) => administers(ctx.account, m.institutionId))) {
    throw accountErrors.other_institution();
  }
}

/** Account-wide changes are audited once in each institution of the account, so every one sees them. */
const auditEverywhere = (
  tx: Db,
  ctx: Ctx,
  target: Managed,
  entry: Omit<AuditEntry, 'entity' | 'entityId' | 'institutionId'>,
) =>
  auditInEach(
    tx,
    ctx,
    target.memberships.map((m) => m.institutionId),
    {
      entity: 'account',
      entityId: target.id,
      ...entry,
      before: asShown(entry.before),
      after: asShown(entry.after),
    },
  );

/** An account row as an institution's log may hold it: an invitation's placeholder reads as an account (no link to the invited one). */
function asShown(row: unknown): unknown {
  if (!row || typeof row !== 'object' || !('invitedAccountId' in row)) return row;
  const { invitedAccountId, ...shown } = row as { invitedAccountId: number | null; email?: string; userName?: string };
  return invitedAccountId === null ? shown : { ...shown, userName: shown.email };
}

/** spec 2 §5: changing a password needs the administrator's own password. Revokes the account's sessions. */
export async function overwritePassword(ctx: Ctx, input: OverwritePassword, revokeSessions: SessionEnder) {
  requirePermission(ctx, 'accounts.manage');
  const adminHash = await passwordHashOf(ctx.db, ctx.account.id);
  if (!adminHash || !(await verifyPassword(input.adminPassword, adminHash))) {
    throw accountErrors.admin_password_wrong({ adminPassword: ['Your administrator password is incorrect.'] });
  }
  const target = await findManaged(ctx, input.user);
  assertAdministersAll(ctx, target);
  if (input.oldPassword && !(await verifyPassword(input.oldPassword, target.passwordHash))) {
    throw accountErrors.old_password_wrong({ oldPassword: ['The old password is incorrect.'] });
  }
  const problem =
    strongPasswordProblem(input.newPassword, {
      email: target.email,
      userInputs: [target.firstName, target.lastName, target.userName],
    }) ?? ((await verifyPassword(input.newPassword, target.passwordHash)) ? PASSWORD_MSG.current : null);
  if (problem) throw validationProblem({ newPassword: [problem] });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, target.id, passwordHash);
    await revokeSessions(tx, target.id, ctx.now());
    // Not 'password_change' (the account's own): the log tells an administrator's overwrite apart.
    await auditEverywhere(tx, ctx, target, { action: 'password_overwrite' });
  });
  return { id: target.id };
}

/** The roles of the account's membership in one institution the caller administers. */
export async function setRoles(
  ctx: Ctx,
  id: number,
  input: { institutionId: number; roles: Role[]; concurrencyStamp?: string },
) {
  await command(ctx, 'accounts.manage', async (c) => {
    const tx = c.db;
    const target = await findManaged(c, id);
    // The membership changed is in the institution the body names: the caller must administer THAT one.
    assertAdministers(c, input.institutionId);
    assertMayGrant(c, input.roles);
    if (target.isSuperAdmin && !c.account.isSuperAdmin) throw accountErrors.super_admin_target();
    const membership = target.memberships.find((m) => m.institutionId === input.institutionId);
    if (!membership) throw notFound('Membership');
    const roles = [...new Set(input.roles)];
    await updateStamped(tx, accounts, undefined, id, input.concurrencyStamp, {}, 'Account');
    await tx
      .update(accountInstitutions)
      .set({ roles })
      .where(and(eq(accountInstitutions.accountId, id), eq(accountInstitutions.institutionId, input.institutionId)));
    await audit(tx, c, {
      entity: 'account',
      entityId: id,
      action: 'roles_change',
      before: { roles: membership.roles },
      after: { roles },
      institutionId: input.institutionId,
    });
  });
  return getUser(ctx, id);
}

/** The account joins an institution the caller administers, with its roles there. */
export async function addMembership(ctx: Ctx, id: number, input: { institutionId: number; roles: Role[] }) {
  await command(ctx, 'accounts.manage', async (c) => {
    const tx = c.db;
    // The institution joined is the one the body names: the caller must administer THAT one.
    assertAdministers(c, input.institutionId);
    assertMayGrant(c, input.roles);
    const target = await findManaged(c, id);
    if (target.memberships.some((m) => m.institutionId === input.institutionId)) throw accountErrors.already_member();
    const after = { institutionId: input.institutionId, roles: [...new Set(input.roles)] };
    if (!(await institutionExists(tx, input.institutionId))) throw notFound('Institution');
    await tx.insert(accountInstitutions).values({ accountId: id, ...after, creatorId: c.account.id });
    await audit(tx, c, {
      entity: 'account',
      entityId: id,
      action: 'add_institution',
      after,
      institutionId: input.institutionId,
    });
  });
  return getUser(ctx, id);
}

/** Grants or revokes Super Administrator (every permission everywhere): a Super Administrator only. */
export async function setSuperAdmin(ctx: Ctx, id: number, input: { isSuperAdmin: boolean; concurrencyStamp?: string }) {
  if (!ctx.account.isSuperAdmin) throw accountErrors.super_admin_toggle();
  if (id === ctx.account.id && !input.isSuperAdmin) throw accountErrors.own_super_admin();
  const target = await findManaged(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await updateStamped(
      tx,
      accounts,
      undefined,
      id,
      input.concurrencyStamp,
      { isSuperAdmin: input.isSuperAdmin },
      'Account',
    );
    await auditEverywhere(tx, ctx, target, { action: 'update', before, after });
  });
  return getUser(ctx, id);
}

export async function setUserEnabled(ctx: Ctx, id: number, enabled: boolean, revokeSessions: SessionEnder) {
  await command(ctx, 'accounts.manage', async (c) => {
    const tx = c.db;
    const target = await findManaged(c, id);
    if (target.id === c.account.id && !enabled) throw accountErrors.own_disable();
    assertAdministersAll(c, target);
    const { before, after } = await setEnabled(tx, accounts, undefined, id, enabled, c.account.id, c.now(), 'Account');
    if (!enabled) await revokeSessions(tx, id, c.now());
    await auditEverywhere(tx, c, target, { action: enabled ? 'enable' : 'disable', before, after });
  });
  return getUser(ctx, id);
}

// ---- Invitations (issue 26, docs/accounts.md): seen and answered only by the invited account itself ----

/** The signed-in account's pending invitations: enabled placeholders pointing at it, with their institutions. */
export async function myInvitations(ctx: Ctx): Promise<Invitation[]> {
  const rows = await ctx.db
    .select({
      id: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      createdDate: accounts.createdDate,
      creatorId: accounts.creatorId,
    })
    .from(accounts)
    .where(and(eq(accounts.invitedAccountId, ctx.account.id), eq(accounts.isEnabled, true)))
    .orderBy(asc(accounts.id));
  if (!rows.length) return [];
  const links = await ctx.db
    .select({
      accountId: accountInstitutions.accountId,
      id: accountInstitutions.institutionId,
      roles: accountInstitutions.roles,
    })
    .from(accountInstitutions)
    .where(
      inArray(
        accountInstitutions.accountId,
        rows.map((r) => r.id),
      ),
    );
  const titles = await institutionTitles(ctx.db, [...new Set(links.map((l) => l.id))]);
  const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((c): c is number => c !== null))];
  const creators = creatorIds.length
    ? await ctx.db
        .select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName })
        .from(accounts)
        .where(inArray(accounts.id, creatorIds))
    : [];
  return rows
    .map((r) => {
      const by = creators.find((c) => c.id === r.creatorId);
      return {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        createdDate: r.createdDate.toISOString(),
        invitedBy: by ? { firstName: by.firstName, lastName: by.lastName } : null,
        institutions: links
          .filter((l) => l.accountId === r.id && titles.has(l.id))
          .map((l) => ({ id: l.id, title: titles.get(l.id)!, roles: l.roles as Role[] })),
      };
    })
    .filter((i) => i.institutions.length);
}

/**
 * Accepts or declines one of the signed-in account's invitations (404 for anything else: another
 * account's, a disabled one, an id that is no invitation). Either way the placeholder and its memberships
 * are removed; accepting first gives the account each of its memberships with the roles they hold now
 * (never Super Administrator, never the placeholder's password). Audited in each institution concerned.
 */
export async function answerInvitation(ctx: Ctx, id: number, accept: boolean): Promise<InvitationAnswer> {
  return ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.invitedAccountId, ctx.account.id), eq(accounts.isEnabled, true)))
      .for('update');
    if (!invitation) throw notFound('Invitation');
    const links = await tx
      .select({ institutionId: accountInstitutions.institutionId, roles: accountInstitutions.roles })
      .from(accountInstitutions)
      .where(eq(accountInstitutions.accountId, id));
    const joined: number[] = [];
    if (accept) {
      for (const link of links) {
        const added = await tx
          .insert(accountInstitutions)
          .values({
            accountId: ctx.account.id,
            institutionId: link.institutionId,
            roles: link.roles,
            creatorId: ctx.account.id,
          })
          .onConflictDoNothing()
          .returning({ institutionId: accountInstitutions.institutionId });
        if (added.length) joined.push(link.institutionId);
      }
    }
    await tx.delete(accountInstitutions).where(eq(accountInstitutions.accountId, id));
    await tx.delete(accounts).where(eq(accounts.id, id));
    for (const link of [...links].sort((a, b) => a.institutionId - b.institutionId)) {
      await audit(
        tx,
        ctx,
        accept
          ? {
              entity: 'account',
              entityId: ctx.account.id,
              action: 'accept_invitation',
              after: { invitationId: id, institutionId: link.institutionId, roles: link.roles },
              institutionId: link.institutionId,
            }
          : { entity: 'account', entityId: id, action: 'decline_invitation', institutionId: link.institutionId },
      );
    }
    return { id, institutionIds: joined };
  });
}
