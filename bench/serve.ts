// The API server in a child process for load tests: the load generator must not share the server's
// event loop (in-process workers over app.inject measured the generator as much as the server).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';

/** USER_HZ: /proc reports CPU time in ticks of 1/100 s on Linux. */
const CLOCK_TICKS = 100;

const root = path.resolve(import.meta.dirname, '..');

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const s = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

/** Starts `node --import tsx server/main.ts` of the checkout `cwd` on 127.0.0.1 and resolves once /api/health answers. */
export async function startServer(env: Record<string, string>, cwd = root) {
  const port = await freePort();
  const prof = process.env.BENCH_CPU_PROF;
  const args = [
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : []),
    '--import',
    'tsx',
    'server/main.ts',
  ];
  const child = spawn(process.execPath, args, {
    cwd,
    // One API process unless the caller names WORKERS (bench/workers.ts): cpuMs and rssMb read this process only.
    env: { ...process.env, WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The server's log (stdout) is dropped, or appended to BENCH_SERVER_LOG: a file, as a deployment writes it.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    /** CPU time (user + system) the server process has used so far, ms (Linux /proc). */
    cpuMs: async () => {
      const stat = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1].split(' ');
      return ((Number(stat[11]) + Number(stat[12])) * 1000) / CLOCK_TICKS;
    },
    /** Resident memory of the server process now, MB (Linux /proc VmRSS). */
    rssMb: async () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : NaN;
    },
    /** SIGTERM: the server finishes its requests and exits (writing a CPU profile if asked). */
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
