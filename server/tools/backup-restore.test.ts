// Issue 18: `npm run backup` / `npm run restore` on PGlite, and `npm run audit:verify` on the
// restored copy. Data written through the API into a PGlite folder; the backup restored into a fresh
// folder has the same rows in every table and an audit chain that verifies; a row edited in the copy
// makes audit:verify fail and name it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { json, testClient } from '../test/harness';
import { signedIn } from '../test/factories';
import { participant, referenceIds } from '../test/participants-fixtures';
import { verifyAuditChains } from '../modules/audit/audit-chain';
import { tableCounts } from './pglite-backup';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const npm = (script: string, args: string[], dataDir: string) => spawnSync(process.execPath, ['--import', 'tsx', `server/tools/${script}.ts`, ...args], {
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000,
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (PGlite)', () => {
  it('restores a backup into a fresh folder with every record, and audit:verify finds a row edited after', async () => {
    const source = path.join(root, 'source');
    const file = path.join(root, 'nightly', 'lims.tar.gz');
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot')!)]);
    const database = await openDatabase({ databaseUrl: null, dataDir: source, snapshot });
    const app = await buildApp({ config: loadConfig({ DATA_DIR: source, WEB_DIST: '/nonexistent' }), database, logger: false });
    const t = testClient(app, database.db);
    const { institution, token } = await signedIn(t);
    const r = await referenceIds(t, institution.id, token);
    for (let i = 0; i < 3; i++) {
      expect((await t.call('POST', `/api/institutions/${institution.id}/institutionSites`, { token, body: { title: `Freezer hall ${i}`, address: 'Basement' } })).statusCode).toBe(201);
      const p = await t.call('POST', `/api/institutions/${institution.id}/patients/register`, { token, body: participant(r) });
      expect(p.statusCode, p.body).toBe(201);
      expect(json(p).id).toBeGreaterThan(0);
    }
    const before = await tableCounts(database.db);
    await app.close();
    await database.close();

    const backup = npm('backup', [file], source);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/written to/);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const copy = path.join(root, 'restored');
    const restore = npm('restore', [file], copy);
    expect(restore.status, restore.stderr).toBe(0);
    // Never over an existing database.
    const again = npm('restore', [file], copy);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/not empty/);

    const restored = await openDatabase({ databaseUrl: null, dataDir: copy });
    const after = await tableCounts(restored.db);
    expect(after).toEqual(before);
    expect(after.patients).toBe(3);
    const chains = await verifyAuditChains(restored.db);
    expect(chains.length).toBeGreaterThan(0);
    expect(chains.every((c) => c.firstBreak === null)).toBe(true);
    const [victim] = (await restored.db.execute(sql`select id from audit_events where institution_id = ${institution.id} and entity = 'patient' order by id limit 1`) as unknown as { rows: { id: number }[] }).rows;
    await restored.db.execute(sql`update audit_events set action = 'disable' where id = ${victim.id}`);
    await restored.close();

    const verified = npm('audit-verify', [], copy);
    expect(verified.status, verified.stderr).toBe(1);
    expect(verified.stdout).toContain(`BROKEN  institution ${institution.id}: first broken row id ${victim.id} (content)`);
    // The untouched source still verifies.
    const clean = npm('audit-verify', [], source);
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/0 broken/);
  }, 240_000);
});
