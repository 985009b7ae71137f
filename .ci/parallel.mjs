#!/usr/bin/env node
// Runs the npm scripts named on the command line side by side and fails when any of them fails
// (`npm test` uses it for typecheck, lint and build: independent, single-threaded, so two cores run two at once;
// figures in docs/performance.md "CI time"). Each script's output is held and printed whole when it ends,
// so the logs of two tools never interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node .ci/parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n> ${name}: ${ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(ok);
    });
  });

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
