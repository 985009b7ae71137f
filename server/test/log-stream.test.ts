import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { censorNestedHeaders, loggerOptions, TurnBatchedLog } from '../platform/request-log';

// Issue 30 (per-request overhead): the log's lines are batched per turn of the event loop and its secret headers
// censored without pino's wildcard redaction. Nothing may be lost or reordered, nothing secret may pass.

const turn = () => new Promise((r) => setImmediate(r));

/** A logger with the app's options writing into `lines`. */
function logger() {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  return { log: app.log, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('censoring secrets in the log', () => {
  it('censors authorization and cookie headers at the top and one level down, and a password', () => {
    const { log, lines, parsed } = logger();
    const secret = { authorization: 'Bearer s3cret-token', cookie: 'lims_device=s3cret-cookie', accept: 'json' };
    log.info({ headers: secret }, 'top');
    log.info({ request: { method: 'GET', headers: secret }, other: 1 }, 'nested');
    log.info({ password: 's3cret-password' }, 'password');
    log.child({ headers: secret }).info('child');
    expect(lines.join('')).not.toMatch(/s3cret/);
    const [top, nested, password, child] = parsed();
    expect(top.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', accept: 'json' });
    expect(nested.request).toEqual({
      method: 'GET',
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'json' },
    });
    expect(nested.other).toBe(1);
    expect(password.password).toBe('[redacted]');
    expect(child.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', accept: 'json' });
    // The logged object itself is left as it was.
    expect(secret.authorization).toBe('Bearer s3cret-token');
  });

  it('returns a line without secrets as it is (no copy)', () => {
    const line = {
      method: 'GET',
      route: '/api/x',
      statusCode: 200,
      headersSent: { a: 1 },
      nested: { headers: { accept: 'x' } },
    };
    expect(censorNestedHeaders(line)).toBe(line);
  });
});

describe('TurnBatchedLog', () => {
  it('writes the lines of one turn in one write, in order, once the turn ends', async () => {
    const writes: string[] = [];
    const log = new TurnBatchedLog({ write: (chunk: string) => writes.push(chunk) });
    for (let i = 0; i < 5; i++) log.write(`line ${i}\n`);
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(['line 0\nline 1\nline 2\nline 3\nline 4\n']);
    log.write('line 5\n');
    await turn();
    expect(writes).toEqual(['line 0\nline 1\nline 2\nline 3\nline 4\n', 'line 5\n']);
  });

  it('writes at once what is pending on flush, and a batch that reaches its size limit', () => {
    const writes: string[] = [];
    const log = new TurnBatchedLog({ write: (chunk: string) => writes.push(chunk) });
    log.write('a\n');
    log.flush();
    expect(writes).toEqual(['a\n']);
    const big = `${'x'.repeat(TurnBatchedLog.MAX_PENDING)}\n`;
    log.write('b\n');
    log.write(big);
    expect(writes).toEqual(['a\n', `b\n${big}`]);
    log.flush();
    expect(writes).toHaveLength(2);
  });

  /** Runs `code` in a child process (the app's stdout log) and resolves with its stdout and exit code. */
  const child = (code: string) =>
    new Promise<{ out: string; status: number | null }>((resolve) => {
      const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.once('close', (status) => resolve({ out, status }));
    });
  const logThen = (end: string) => `
    import Fastify from 'fastify';
    import { batchedStdout, loggerOptions } from './server/platform/request-log.ts';
    const app = Fastify({ logger: loggerOptions('info', batchedStdout()) });
    for (let i = 0; i < 2000; i++) app.log.info({ i }, 'line');
    ${end}`;
  const numbers = (out: string) =>
    out
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { i: number }).i);
  const all = Array.from({ length: 2000 }, (_, i) => i);

  it.each([
    ['process.exit in the same turn', 'process.exit(3);', 3],
    ['an uncaught error', "throw new Error('boom');", 1],
    ['the end of the event loop', '', 0],
  ])(
    'loses no line and keeps their order when the process ends by %s',
    async (_, end, code) => {
      const { out, status } = await child(logThen(end));
      expect(status).toBe(code);
      expect(numbers(out)).toEqual(all);
    },
    60_000,
  );
});
