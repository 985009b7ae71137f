import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/referenced-tables';
import { ts } from '../../platform/records';

/** Opaque session tokens, stored only as their SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The last request (refreshed at most once a minute): a session idle for SESSION_IDLE_MINUTES ends. */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    address: text('address'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/**
 * Every login attempt; the throttle counts recent failures per account and per address, and those made
 * with a valid device cookie per device (issue 26: device cookies, docs/decisions/0002).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userName: text('user_name').notNull(),
    address: text('address').notNull(),
    at: ts('at').notNull().defaultNow(),
    succeeded: boolean('succeeded').notNull(),
    /** The nonce of the valid device cookie the attempt presented, or null. */
    device: text('device'),
  },
  (t) => [
    index('login_attempts_user_idx').on(t.userName, t.at),
    index('login_attempts_address_idx').on(t.address, t.at),
    index('login_attempts_user_address_idx').on(t.userName, t.address, t.at),
    // Partial: most attempts carry no device cookie.
    index('login_attempts_device_idx')
      .on(t.device, t.at)
      .where(sql`${t.device} is not null`),
  ],
);

/** Keys the server makes itself at first start and every process shares (the device cookies' HMAC key). */
export const authSecrets = pgTable('auth_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * When each session last wrote (issue 34, docs/operations.md "Read replica"): within READ_YOUR_WRITES_MS of it, the
 * session's heavy reads stay on the primary instead of the replica. A row of the database, not a per-process map,
 * so a write made through one API process or worker holds for a read sent to another. UNLOGGED (the migration's
 * hand-written end): marking writes no WAL, so it costs neither a disk flush nor replication traffic, and only the
 * primary reads it (a standby cannot read an unlogged table); after a crash of the primary the table starts empty.
 */
export const sessionWrites = pgTable('session_writes', {
  sessionId: integer('session_id').primaryKey(),
  at: ts('at').notNull(),
});
