// Issue 2 "done when": kill -9 of the server followed by a new start loses no committed data (PGlite).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE } from '../bundle';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Durable-Pass-1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/none',
    },
    stdio: 'ignore',
  });
  // A first start runs initdb, migrations and the seed: on a loaded 2-core machine that took 57 s.
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-durable-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))('durability on PGlite', () => {
  it('keeps committed data through kill -9 and a new start; a second start does not seed again', async () => {
    const port = await freePort();
    let server = await start(dataDir, port);
    const base = `http://127.0.0.1:${port}/api`;
    const login = async () =>
      (
        await (
          await fetch(`${base}/Authentication/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userName: 'admin@biobank.local', password: 'Durable-Pass-1' }),
          })
        ).json()
      ).token as string;
    let token = await login();
    const titles = ['Freezer Hall A', 'Freezer Hall B', 'Freezer Hall C'];
    for (const title of titles) {
      const res = await fetch(`${base}/institutions/1/institutionSites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title, address: 'Basement' }),
      });
      expect(res.status).toBe(201);
    }
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    server = await start(dataDir, port);
    token = await login();
    const sites = (await (
      await fetch(`${base}/institutions/1/institutionSites?PageSize=50`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { title: string }[];
    expect(sites.map((s) => s.title)).toEqual(expect.arrayContaining(titles));
    const institutions = (await (
      await fetch(`${base}/institutions`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as unknown[];
    expect(institutions).toHaveLength(1);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }, 300_000);
});
