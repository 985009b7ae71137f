import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Role } from '../../../contract/permissions.contract';
import { recordColumns, ts } from '../../platform/records';
import { accountNameColumns } from '../../platform/account-names';

export const accounts = pgTable(
  'accounts',
  {
    ...recordColumns(),
    ...accountNameColumns(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    phoneNumber: text('phone_number'),
    /** The language the person chose for screens and messages (issue 33, contract/i18n/languages.ts); null: the browser's. */
    language: text('language'),
    passwordHash: text('password_hash').notNull(),
    /** Global by nature (every institution), so an account flag, not a membership role (ADR 0007). */
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /**
     * Set on an invitation (issue 26, docs/accounts.md): a placeholder holding what an administrator typed
     * when the e-mail belonged to an account it cannot see. It never signs in (its user name is random);
     * its memberships are the invitation's institutions and roles, given to this account when it accepts.
     */
    invitedAccountId: integer('invited_account_id').references((): AnyPgColumn => accounts.id),
  },
  (t) => [
    uniqueIndex('accounts_user_name_uq').on(sql`lower(${t.userName})`),
    index('accounts_search_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    index('accounts_invited_idx')
      .on(t.invitedAccountId)
      .where(sql`${t.invitedAccountId} is not null`),
    index('accounts_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Membership of an account in an institution, with the roles it holds there (ADR 0007). */
export const accountInstitutions = pgTable(
  'account_institutions',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    institutionId: integer('institution_id').notNull(),
    /** Never 'Super Administrator' (that is accounts.is_super_admin). */
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdDate: ts('created_date').notNull().defaultNow(),
    creatorId: integer('creator_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.institutionId] }),
    index('account_institutions_inst_idx').on(t.institutionId),
  ],
);
