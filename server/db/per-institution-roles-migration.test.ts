import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './client';

async function apply(db: PGlite, file: string) {
  const text = fs.readFileSync(path.join(migrationsFolder, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement);
}

describe('migration 0004: roles move onto memberships', () => {
  it('an account created the old way keeps its roles in every institution, and Super Administrator becomes the flag', async () => {
    const db = await PGlite.create('memory://');
    for (const f of ['0000_init.sql', '0001_label_printers.sql', '0002_participants.sql', '0003_orders.sql'])
      await apply(db, f);
    await db.exec(`
      insert into accounts (first_name, last_name, email, user_name, password_hash, concurrency_stamp, roles) values
        ('Old', 'Tech', 'tech@old', 'tech@old', 'x', 's1', '{Technician,Clinician}'),
        ('Old', 'Super', 'su@old', 'su@old', 'x', 's2', '{"Super Administrator",Researcher}');
      insert into account_institutions (account_id, institution_id)
        select a.id, i from accounts a, (values (1), (2)) v(i);`);
    await apply(db, '0004_per_institution_roles.sql');
    const rows = await db.query<{ email: string; is_super_admin: boolean; institution_id: number; roles: string[] }>(`
      select a.email, a.is_super_admin, ai.institution_id, ai.roles from accounts a
      join account_institutions ai on ai.account_id = a.id order by a.email, ai.institution_id`);
    expect(rows.rows).toEqual([
      { email: 'su@old', is_super_admin: true, institution_id: 1, roles: ['Researcher'] },
      { email: 'su@old', is_super_admin: true, institution_id: 2, roles: ['Researcher'] },
      { email: 'tech@old', is_super_admin: false, institution_id: 1, roles: ['Technician', 'Clinician'] },
      { email: 'tech@old', is_super_admin: false, institution_id: 2, roles: ['Technician', 'Clinician'] },
    ]);
    await db.close();
    // A fresh PGlite plus five migrations took over 30 s on a loaded 2-core machine (CI clone, 2026-11-24).
  }, 120_000);
});
