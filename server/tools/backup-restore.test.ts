// Issue 18: `npm run backup` / `npm run restore` on PGlite, and `npm run audit:verify` on the
// restored copy. Data written through the API into a PGlite folder; the backup restored into a fresh
// folder has the same rows in every table and an audit chain that verifies; a row edited in the copy
// makes audit:verify fail and name it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { SERVER_BUNDLE } from '../bundle';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { json, testClient } from '../test/harness';
import { signedIn } from '../test/factories';
import { participant, referenceIds } from '../test/participants-fixtures';
import { verifyAuditChains } from '../modules/audit';
import { tableCounts } from './pglite-backup';
import { lockFileOf } from '../db/data-dir-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const npm = (script: string, args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', `server/tools/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (PGlite)', () => {
  it('restores a backup into a fresh folder with every record, and audit:verify finds a row edited after', async () => {
    const source = path.join(root, 'source');
    const file = path.join(root, 'nightly', 'lims.tar.gz');
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot')!)]);
    const database = await openDatabase({ databaseUrl: null, dataDir: source, snapshot });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: source, WEB_DIST: '/nonexistent' }),
      database,
      logger: false,
    });
    const t = testClient(app, database.db);
    const { institution, token } = await signedIn(t);
    const r = await referenceIds(t, institution.id, token);
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await t.call('POST', `/api/institutions/${institution.id}/institutionSites`, {
            token,
            body: { title: `Freezer hall ${i}`, address: 'Basement' },
          })
        ).statusCode,
      ).toBe(201);
      const p = await t.call('POST', `/api/institutions/${institution.id}/patients/register`, {
        token,
        body: participant(r),
      });
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
    const [victim] = (
      (await restored.db.execute(
        sql`select id from audit_events where institution_id = ${institution.id} and entity = 'patient' order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await restored.db.execute(sql`update audit_events set action = 'disable' where id = ${victim.id}`);
    await restored.close();

    const verified = npm('audit-verify', [], copy);
    expect(verified.status, verified.stderr).toBe(1);
    expect(verified.stdout).toContain(
      `BROKEN  institution ${institution.id}: first broken row id ${victim.id} (content)`,
    );
    // The untouched source still verifies.
    const clean = npm('audit-verify', [], source);
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/0 broken/);
  }, 240_000);
});

/** A PGlite folder with the migrated schema, copied from the suite's snapshot (no initdb). */
async function migratedFolder(name: string) {
  const dir = path.join(root, name);
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: dir,
    snapshot: new Blob([fs.readFileSync(inject('pgliteSnapshot')!)]),
  });
  await database.close();
  return dir;
}

/** The real server (server/main.ts) on a PGlite folder, as an operator starts it. */
function startServer(dataDir: string) {
  let output = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/none',
      ADMIN_PASSWORD: 'Backup-Lock-Test-26',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const listening = async () => {
    for (let i = 0; i < 480 && child.exitCode === null; i++) {
      if (/Biobanking LIMS on http/.test(output)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not start:\n${output}`);
  };
  return { child, exited, listening, output: () => output };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup of a live folder (issue 26 item 12)', () => {
  it('a running server holds the folder: the backup and a second server refuse, naming its pid; after a clean stop the backup runs', async () => {
    const dir = await migratedFolder('live');
    const server = startServer(dir);
    try {
      await server.listening();
      const lock = JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'));
      expect(lock).toMatchObject({ pid: server.child.pid, holder: 'server' });

      const backup = npm('backup', [path.join(root, 'live.tar.gz')], dir);
      expect(backup.status).toBe(1);
      expect(backup.stderr).toContain(
        `The server (pid ${server.child.pid}) is using DATA_DIR ${dir}; stop it first, or, if no such process is running any more, remove ${lockFileOf(dir)}.`,
      );
      expect(fs.existsSync(path.join(root, 'live.tar.gz'))).toBe(false);

      const second = startServer(dir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The server (pid ${server.child.pid}) is using DATA_DIR ${dir}`);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    expect(fs.existsSync(lockFileOf(dir)), 'a clean stop removes the lock').toBe(false);
    const backup = npm('backup', [path.join(root, 'live.tar.gz')], dir);
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.existsSync(lockFileOf(dir)), 'the backup removes its lock').toBe(false);
  }, 240_000);

  it('a stale lock (its process is gone, e.g. after kill -9) is taken over by the backup', async () => {
    const dir = await migratedFolder('stale');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    expect(deadPid).toBeGreaterThan(0);
    fs.writeFileSync(
      lockFileOf(dir),
      JSON.stringify({ pid: deadPid, holder: 'server', host: os.hostname(), since: new Date().toISOString() }),
    );
    const backup = npm('backup', [path.join(root, 'stale.tar.gz')], dir);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/written to/);
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  }, 120_000);

  it('a lock held by another live process makes the backup and the restore refuse', async () => {
    const dir = await migratedFolder('held');
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(
        lockFileOf(dir),
        JSON.stringify({ pid: sleeper.pid, holder: 'backup', host: os.hostname(), since: new Date().toISOString() }),
      );
      const backup = npm('backup', [path.join(root, 'held.tar.gz')], dir);
      expect(backup.status).toBe(1);
      expect(backup.stderr).toContain(`A backup (pid ${sleeper.pid}) is using DATA_DIR ${dir}; wait for it to finish`);
      const target = path.join(root, 'held-target');
      fs.writeFileSync(
        lockFileOf(target),
        JSON.stringify({ pid: sleeper.pid, holder: 'server', host: os.hostname(), since: new Date().toISOString() }),
      );
      const restore = npm('restore', [path.join(root, 'nightly', 'lims.tar.gz')], target);
      expect(restore.status).toBe(1);
      expect(restore.stderr).toContain(`The server (pid ${sleeper.pid}) is using DATA_DIR ${target}`);
      expect(fs.readFileSync(lockFileOf(dir), 'utf8'), "a refused tool leaves the holder's lock alone").toContain(
        String(sleeper.pid),
      );
    } finally {
      sleeper.kill();
    }
  }, 120_000);
});
