import { and, asc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { OverwritePassword, UserCreate } from '../../../contract/accounts.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Role } from '../../../contract/permissions.contract';
import { type Ctx, belongsTo, requirePermission } from '../../platform/context';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound, validationProblem } from '../../platform/errors';
import { passwordProblem } from '../../../contract/password-policy';
import { audit } from '../../platform/audit';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { institutions } from '../institutions/institutions.table';
import { sessions } from '../auth/auth.table';
import { accounts, accountInstitutions } from './accounts.table';

/** Accounts an administrator may see: those sharing one of their institutions (all for Super Administrator). */
function visibleScope(ctx: Ctx, institutionId?: number): SQL | undefined {
  const ids = institutionId !== undefined ? [institutionId] : ctx.account.isSuperAdmin ? null : ctx.account.institutionIds;
  if (ids === null) return undefined;
  return exists(ctx.db.select({ x: sql`1` }).from(accountInstitutions)
    .where(and(eq(accountInstitutions.accountId, accounts.id), inArray(accountInstitutions.institutionId, ids.length ? ids : [0]))));
}

const institutionsJson = sql<{ id: number; title: string }[]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'title', i.title) order by i.title)
  from ${accountInstitutions} ai join ${institutions} i on i.id = ai.institution_id
  where ai.account_id = "accounts"."id"), '[]'::json)`;

function toUser(row: Record<string, unknown>) {
  const { passwordHash: _p, institutionList, ...rest } = row;
  return { ...rest, institutions: (institutionList as unknown[]) ?? [] };
}

export async function listUsers(ctx: Ctx, q: PagingQuery, institutionId?: number) {
  requirePermission(ctx.account, 'accounts.read');
  if (institutionId !== undefined && !belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  const parts: (SQL | undefined)[] = [visibleScope(ctx, institutionId)];
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(or(ilike(accounts.firstName, p), ilike(accounts.lastName, p), ilike(accounts.email, p), ilike(accounts.phoneNumber, p)));
  }
  if (q.isEnabled !== undefined) parts.push(eq(accounts.isEnabled, q.isEnabled));
  const page = await selectRecords(ctx.db, accounts, { where: and(...parts), orderBy: [asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id)], limit: q.pageSize, offset: offsetOf(q) });
  return { total: page.total, rows: await withInstitutions(ctx, page.rows) };
}

/** Adds each account's institutions with one query for the whole page (no N+1). */
async function withInstitutions(ctx: Ctx, rows: Record<string, unknown>[]) {
  if (!rows.length) return [];
  const lists = await ctx.db.select({ id: accounts.id, institutionList: institutionsJson }).from(accounts)
    .where(inArray(accounts.id, rows.map((r) => Number(r.id))));
  const byId = new Map(lists.map((l) => [l.id, l.institutionList]));
  return rows.map((r) => toUser({ ...r, institutionList: byId.get(Number(r.id)) ?? [] }));
}

export async function getUser(ctx: Ctx, id: number) {
  requirePermission(ctx.account, 'accounts.read');
  const page = await selectRecords(ctx.db, accounts, { where: and(eq(accounts.id, id), visibleScope(ctx)), orderBy: asc(accounts.id), limit: 1 });
  if (!page.rows[0]) throw notFound('Account');
  return (await withInstitutions(ctx, page.rows))[0];
}

function assertMayGrant(ctx: Ctx, roles: readonly Role[]) {
  if (roles.includes('Super Administrator') && !ctx.account.isSuperAdmin) {
    throw forbidden('Only a Super Administrator may grant the Super Administrator role.');
  }
}

export async function createUser(ctx: Ctx, input: UserCreate & { roles: Role[] }) {
  requirePermission(ctx.account, 'accounts.manage');
  if (!belongsTo(ctx.account, Number(input.institutionId))) throw notFound('Institution');
  assertMayGrant(ctx, input.roles);
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [inst] = await tx.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, Number(input.institutionId)));
      if (!inst) throw notFound('Institution');
      const [row] = await tx.insert(accounts).values({
        firstName: input.firstName, lastName: input.lastName, email, userName: email, phoneNumber: input.phoneNumber,
        passwordHash, roles: [...new Set(input.roles)], creatorId: ctx.account.id, enablerId: ctx.account.id,
      }).returning();
      await tx.insert(accountInstitutions).values({ accountId: row.id, institutionId: inst.id, creatorId: ctx.account.id });
      await audit(tx, ctx, { entity: 'account', entityId: row.id, action: 'create', after: row, institutionId: inst.id });
      return row.id;
    });
    return getUser(ctx, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('An account with this e-mail already exists.');
    throw err;
  }
}

/** Looks up an account the administrator may manage, by id or by e-mail / user name. */
async function findManaged(ctx: Ctx, user: number | string) {
  const byKey = typeof user === 'number' ? eq(accounts.id, user) : eq(sql`lower(${accounts.userName})`, user.toLowerCase());
  const [row] = await ctx.db.select().from(accounts).where(and(byKey, visibleScope(ctx))).limit(1);
  if (!row) throw notFound('Account');
  return row;
}

/** spec 2 §5: changing a password needs the administrator's own password. Revokes the account's sessions. */
export async function overwritePassword(ctx: Ctx, input: OverwritePassword) {
  requirePermission(ctx.account, 'accounts.manage');
  const [admin] = await ctx.db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, ctx.account.id));
  if (!admin || !(await verifyPassword(input.adminPassword, admin.passwordHash))) {
    throw badRequest('Your administrator password is incorrect.', { adminPassword: ['Your administrator password is incorrect.'] });
  }
  const target = await findManaged(ctx, input.user as number | string);
  if (target.roles.includes('Super Administrator') && !ctx.account.isSuperAdmin) throw forbidden('Only a Super Administrator may change this password.');
  if (input.oldPassword && !(await verifyPassword(input.oldPassword, target.passwordHash))) {
    throw badRequest('The old password is incorrect.', { oldPassword: ['The old password is incorrect.'] });
  }
  const problem = passwordProblem(input.newPassword, target.email);
  if (problem) throw validationProblem({ newPassword: [problem] });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateStamped(tx, accounts, undefined, target.id, undefined, { passwordHash }, 'Account');
    await tx.update(sessions).set({ revokedAt: ctx.now() }).where(and(eq(sessions.accountId, target.id), sql`${sessions.revokedAt} is null`));
    await audit(tx, ctx, { entity: 'account', entityId: target.id, action: 'password_change', institutionId: null });
  });
  return { id: target.id };
}

export async function setRoles(ctx: Ctx, id: number, roles: Role[], stamp?: string) {
  requirePermission(ctx.account, 'accounts.manage');
  const target = await findManaged(ctx, id);
  assertMayGrant(ctx, roles);
  if (target.roles.includes('Super Administrator') && !ctx.account.isSuperAdmin) throw forbidden('Only a Super Administrator may change this account.');
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await updateStamped(tx, accounts, undefined, id, stamp, { roles: [...new Set(roles)] }, 'Account');
    await audit(tx, ctx, { entity: 'account', entityId: id, action: 'update', before, after, institutionId: null });
  });
  return getUser(ctx, id);
}

export async function addMembership(ctx: Ctx, id: number, institutionId: number) {
  requirePermission(ctx.account, 'accounts.manage');
  if (!belongsTo(ctx.account, institutionId)) throw notFound('Institution');
  await findManaged(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const added = await tx.insert(accountInstitutions).values({ accountId: id, institutionId, creatorId: ctx.account.id }).onConflictDoNothing().returning();
    if (added.length) await audit(tx, ctx, { entity: 'account', entityId: id, action: 'add_institution', after: { institutionId }, institutionId });
  });
  return getUser(ctx, id);
}

export async function setUserEnabled(ctx: Ctx, id: number, enabled: boolean) {
  requirePermission(ctx.account, 'accounts.manage');
  const target = await findManaged(ctx, id);
  if (target.id === ctx.account.id && !enabled) throw new AppError(400, 'You cannot disable your own account.');
  if (target.roles.includes('Super Administrator') && !ctx.account.isSuperAdmin) throw forbidden('Only a Super Administrator may change this account.');
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await setEnabled(tx, accounts, undefined, id, enabled, ctx.account.id, ctx.now(), 'Account');
    if (!enabled) await tx.update(sessions).set({ revokedAt: ctx.now() }).where(and(eq(sessions.accountId, id), sql`${sessions.revokedAt} is null`));
    await audit(tx, ctx, { entity: 'account', entityId: id, action: enabled ? 'enable' : 'disable', before, after, institutionId: null });
  });
  return getUser(ctx, id);
}
