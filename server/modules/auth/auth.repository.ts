import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from './auth.table';

// The auth module's public query surface: other modules call these, never its tables.

/** Ends every open session of the account (its password was overwritten, or it was disabled). */
export async function revokeSessions(tx: Db, accountId: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}
