import { randomUUID } from 'node:crypto';
import type {
  Invitation,
  InvitationAnswer,
  OverwritePassword,
  User,
  UserCreate,
  UserQuery,
  UserMembership,
  UserRoles,
  UserSuperAdmin,
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
import { institutionExists, institutionTitles } from '../institutions';
import * as repo from './accounts.repository';
import type { AccountRecord } from './accounts.repository';
import { MSG } from '../../../contract/messages';

/**
 * Ends every open session of an account inside the caller's transaction (its password was overwritten,
 * or it was disabled). Auth owns the sessions table; server/app.ts passes its function in, so accounts
 * does not import auth (auth imports accounts for sign-in facts).
 */
export type SessionEnder = (tx: Db, accountId: number, now: Date) => Promise<void>;

/** Institutions whose members the caller may see: where it holds accounts.read (null: all, Super Administrator). */
const readable = (ctx: Ctx) => institutionsWhere(ctx.account, 'accounts.read');

type Membership = { id: number; title: string; roles: Role[] };

/**
 * An account as the contract's `User` (the password hash never reaches a record: `RecordDto` drops it).
 * An invitation's placeholder shows as the account its administrator created: its user name is the
 * e-mail typed, and nothing says it is an invitation (docs/accounts.md).
 */
function toUser(row: AccountRecord, institutionList: Membership[], otherInstitutionCount: number): User {
  const { invitedAccountId, ...account } = row;
  return {
    ...account,
    userName: invitedAccountId === null ? account.userName : account.email,
    institutions: institutionList,
    otherInstitutionCount,
  };
}

/**
 * The accounts the caller may see, or those of one institution. The route checked accounts.read in some
 * membership; only the service knows the institution asked for, whose membership must grant it too.
 */
export async function listUsers(ctx: Ctx, q: PagingQuery & UserQuery) {
  const { institutionId } = q;
  if (institutionId !== undefined && !belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  if (institutionId !== undefined) requirePermission(ctx, 'accounts.read', institutionId);
  const page = await repo.accountPage(ctx.db, institutionId !== undefined ? [institutionId] : readable(ctx), q);
  return { total: page.total, rows: await withInstitutions(ctx, page.rows) };
}

/**
 * Adds each account's memberships with one query for the whole page (no N+1): only those of
 * institutions where the caller may read accounts; the others are only counted.
 */
async function withInstitutions(ctx: Ctx, rows: AccountRecord[]): Promise<User[]> {
  if (!rows.length) return [];
  const links = await repo.membershipLinks(
    ctx.db,
    rows.map((r) => r.id),
  );
  const titles = await institutionTitles(ctx.db, [...new Set(links.map((m) => m.id))]);
  const memberships = links
    .filter((m) => titles.has(m.id))
    .map((m) => ({ ...m, title: titles.get(m.id)! }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  const where = readable(ctx);
  return rows.map((r) => {
    const own = memberships.filter((m) => m.accountId === r.id);
    const shown = own
      .filter((m) => where === null || where.includes(m.id))
      .map((m) => ({ id: m.id, title: m.title, roles: m.roles }));
    return toUser(r, shown, own.length - shown.length);
  });
}

/**
 * One account the caller may see (404 otherwise). No permission check of its own: its route checked
 * accounts.read, and the write verbs that answer with it hold accounts.manage, which every role holding it
 * pairs with accounts.read (contract/permissions.contract.ts); the visible scope is accounts.read's anyway.
 */
export async function getUser(ctx: Ctx, id: number) {
  const row = await repo.accountRecord(ctx.db, id, readable(ctx));
  if (!row) throw notFound('Account');
  return (await withInstitutions(ctx, [row]))[0];
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
  // The route checked accounts.manage in some membership; the institution the body names must grant it.
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
  try {
    // The password is hashed before the transaction: no connection is held during the slow hash.
    const id = await command(ctx, 'accounts.manage', async (tx) => {
      const inst = { id: input.institutionId };
      if (!(await institutionExists(tx.db, inst.id))) throw notFound('Institution');
      const existing = await repo.lockAccountByKey(tx.db, email);
      // The caller sees it already (a member of its institutions, or its own pending invitation): say so.
      if (await repo.visibleAccountByKey(tx.db, email, readable(tx))) throw accountErrors.email_taken();
      const row = await repo.insertAccount(tx.db, {
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        creatorId: tx.account.id,
        enablerId: tx.account.id,
        ...(existing
          ? { userName: `invitation ${randomUUID()}`, isSuperAdmin: false, invitedAccountId: existing.id }
          : { userName: email, isSuperAdmin: input.roles.includes(SUPER_ADMIN) }),
      });
      const roles = [...new Set(input.roles)].filter((r) => r !== SUPER_ADMIN);
      await repo.insertMembership(tx.db, {
        accountId: row.id,
        institutionId: inst.id,
        roles,
        creatorId: tx.account.id,
      });
      // The institution's log reads the same for both; who was invited is logged outside any institution
      // (institution null: Super Administrators), never in B's chain.
      const { passwordHash: _p, ...created } = row;
      await audit(tx.db, tx, {
        entity: 'account',
        entityId: row.id,
        action: 'create',
        after: { ...(asShown(created) as object), roles },
        institutionId: inst.id,
      });
      if (existing) {
        await audit(tx.db, tx, {
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
  const row = await repo.managedAccount(ctx.db, user, readable(ctx));
  if (!row) throw notFound('Account');
  const memberships = await repo.membershipsOf(ctx.db, row.id);
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
const auditEverywhere = (tx: Ctx, target: Managed, entry: Omit<AuditEntry, 'entity' | 'entityId' | 'institutionId'>) =>
  auditInEach(
    tx.db,
    tx,
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
  // The route checked accounts.manage in some membership; assertAdministersAll checks every one of the target's.
  const adminHash = await repo.passwordHashOf(ctx.db, ctx.account.id);
  if (!adminHash || !(await verifyPassword(input.adminPassword, adminHash))) {
    throw accountErrors.admin_password_wrong({ adminPassword: [MSG.adminPasswordWrong] });
  }
  const target = await findManaged(ctx, input.user);
  assertAdministersAll(ctx, target);
  if (input.oldPassword && !(await verifyPassword(input.oldPassword, target.passwordHash))) {
    throw accountErrors.old_password_wrong({ oldPassword: [MSG.oldPasswordWrong] });
  }
  const problem =
    strongPasswordProblem(input.newPassword, {
      email: target.email,
      userInputs: [target.firstName, target.lastName, target.userName],
    }) ?? ((await verifyPassword(input.newPassword, target.passwordHash)) ? PASSWORD_MSG.current : null);
  if (problem) throw validationProblem({ newPassword: [problem] });
  // Hashed before the transaction: no connection is held during the slow hash.
  const passwordHash = await hashPassword(input.newPassword);
  await command(ctx, 'accounts.manage', async (tx) => {
    await repo.setPasswordHash(tx.db, target.id, passwordHash);
    await revokeSessions(tx.db, target.id, tx.now());
    // Not 'password_change' (the account's own): the log tells an administrator's overwrite apart.
    await auditEverywhere(tx, target, { action: 'password_overwrite' });
  });
  return { id: target.id };
}

/** The roles of the account's membership in one institution the caller administers. */
export async function setRoles(ctx: Ctx, id: number, input: UserRoles) {
  await command(ctx, 'accounts.manage', async (tx) => {
    const target = await findManaged(tx, id);
    // The membership changed is in the institution the body names: the caller must administer THAT one.
    assertAdministers(tx, input.institutionId);
    assertMayGrant(tx, input.roles);
    if (target.isSuperAdmin && !tx.account.isSuperAdmin) throw accountErrors.super_admin_target();
    const membership = target.memberships.find((m) => m.institutionId === input.institutionId);
    if (!membership) throw notFound('Membership');
    const roles = [...new Set(input.roles)];
    await repo.touchAccount(tx.db, id, input.concurrencyStamp);
    await repo.setMembershipRoles(tx.db, id, input.institutionId, roles);
    await audit(tx.db, tx, {
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
export async function addMembership(ctx: Ctx, id: number, input: UserMembership) {
  await command(ctx, 'accounts.manage', async (tx) => {
    // The institution joined is the one the body names: the caller must administer THAT one.
    assertAdministers(tx, input.institutionId);
    assertMayGrant(tx, input.roles);
    const target = await findManaged(tx, id);
    if (target.memberships.some((m) => m.institutionId === input.institutionId)) throw accountErrors.already_member();
    const after = { institutionId: input.institutionId, roles: [...new Set(input.roles)] };
    if (!(await institutionExists(tx.db, input.institutionId))) throw notFound('Institution');
    await repo.insertMembership(tx.db, { accountId: id, ...after, creatorId: tx.account.id });
    await audit(tx.db, tx, {
      entity: 'account',
      entityId: id,
      action: 'add_institution',
      after,
      institutionId: input.institutionId,
    });
  });
  return getUser(ctx, id);
}

/**
 * Grants or revokes Super Administrator (every permission everywhere): a Super Administrator only, which
 * the route's accounts.manage cannot say, so the service checks it first.
 */
export async function setSuperAdmin(ctx: Ctx, id: number, input: UserSuperAdmin) {
  if (!ctx.account.isSuperAdmin) throw accountErrors.super_admin_toggle();
  if (id === ctx.account.id && !input.isSuperAdmin) throw accountErrors.own_super_admin();
  const target = await findManaged(ctx, id);
  await command(ctx, 'accounts.manage', async (tx) => {
    const { before, after } = await repo.setSuperAdminFlag(tx.db, id, input.concurrencyStamp, input.isSuperAdmin);
    await auditEverywhere(tx, target, { action: 'update', before, after });
  });
  return getUser(ctx, id);
}

export async function setUserEnabled(ctx: Ctx, id: number, enabled: boolean, revokeSessions: SessionEnder) {
  await command(ctx, 'accounts.manage', async (tx) => {
    const target = await findManaged(tx, id);
    if (target.id === tx.account.id && !enabled) throw accountErrors.own_disable();
    assertAdministersAll(tx, target);
    const { before, after } = await repo.setAccountEnabled(tx.db, id, enabled, tx.account.id, tx.now());
    if (!enabled) await revokeSessions(tx.db, id, tx.now());
    await auditEverywhere(tx, target, { action: enabled ? 'enable' : 'disable', before, after });
  });
  return getUser(ctx, id);
}

// ---- Invitations (issue 26, docs/accounts.md): seen and answered only by the invited account itself ----

/** The signed-in account's pending invitations: enabled placeholders pointing at it, with their institutions. */
export async function myInvitations(ctx: Ctx): Promise<Invitation[]> {
  const rows = await repo.pendingInvitations(ctx.db, ctx.account.id);
  if (!rows.length) return [];
  const links = await repo.membershipLinks(
    ctx.db,
    rows.map((r) => r.id),
  );
  const titles = await institutionTitles(ctx.db, [...new Set(links.map((l) => l.id))]);
  const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((c): c is number => c !== null))];
  const creators = creatorIds.length ? await repo.accountNamesOf(ctx.db, creatorIds) : [];
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
          .map((l) => ({ id: l.id, title: titles.get(l.id)!, roles: l.roles })),
      };
    })
    .filter((i) => i.institutions.length);
}

/**
 * Accepts or declines one of the signed-in account's invitations (404 for anything else: another
 * account's, a disabled one, an id that is no invitation). Either way the placeholder and its memberships
 * are removed; accepting first gives the account each of its memberships with the roles they hold now
 * (never Super Administrator, never the placeholder's password). Audited in each institution concerned.
 * A plain transaction, not command(): no permission is needed to answer one's own invitation (any
 * signed-in account; the lookup is by the caller's own id).
 */
export async function answerInvitation(ctx: Ctx, id: number, accept: boolean): Promise<InvitationAnswer> {
  return ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    if (!(await repo.lockInvitation(tx.db, id, tx.account.id))) throw notFound('Invitation');
    const links = await repo.membershipsOf(tx.db, id);
    const joined: number[] = [];
    if (accept) {
      for (const link of links) {
        const values = {
          accountId: tx.account.id,
          institutionId: link.institutionId,
          roles: link.roles,
          creatorId: tx.account.id,
        };
        if (await repo.joinUnlessMember(tx.db, values)) joined.push(link.institutionId);
      }
    }
    await repo.deleteInvitation(tx.db, id);
    for (const link of [...links].sort((a, b) => a.institutionId - b.institutionId)) {
      await audit(
        tx.db,
        tx,
        accept
          ? {
              entity: 'account',
              entityId: tx.account.id,
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
