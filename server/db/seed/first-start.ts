import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, accountInstitutions } from '../../modules/accounts/accounts.table';
import { institutions, institutionSites } from '../../modules/institutions/institutions.table';
import { hashPassword, randomPassword } from '../../platform/passwords';
import { defaultTimeZone } from '../../platform/today';
import { seedReferenceData } from './reference-data';

export interface FirstStart {
  email: string;
  password: string;
  generated: boolean;
}

/**
 * On the very first start: one institution with its reference data and one Super Administrator.
 * Runs in one transaction under a table lock, so N processes starting together create them once.
 */
export async function firstStart(
  db: Db,
  opts: { adminEmail: string | null; adminPassword: string | null },
): Promise<FirstStart | null> {
  const email = (opts.adminEmail ?? 'admin@biobank.local').toLowerCase();
  const password = opts.adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table accounts in exclusive mode`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(accounts);
    if (n > 0) return null;
    const [admin] = await tx
      .insert(accounts)
      .values({
        firstName: 'System',
        lastName: 'Administrator',
        email,
        userName: email,
        phoneNumber: null,
        passwordHash,
        isSuperAdmin: true,
      })
      .returning();
    const [inst] = await tx
      .insert(institutions)
      .values({
        title: 'Central Biobank',
        abbreviation: 'CBB',
        address: '1 Research Avenue',
        timeZone: defaultTimeZone(),
        creatorId: admin.id,
        enablerId: admin.id,
      })
      .returning();
    await tx.insert(institutionSites).values({
      institutionId: inst.id,
      title: 'Main Laboratory',
      abbreviation: 'MAIN',
      address: '1 Research Avenue',
      creatorId: admin.id,
      enablerId: admin.id,
    });
    await tx.insert(accountInstitutions).values({ accountId: admin.id, institutionId: inst.id, creatorId: admin.id });
    await seedReferenceData(tx, inst.id, admin.id);
    return { email, password, generated: opts.adminPassword === null };
  });
}
