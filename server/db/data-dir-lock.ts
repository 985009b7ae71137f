import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on a PGlite folder (issue 26): PGlite is single-process, and a backup that opens
 * a folder a running server writes to fails ('Aborted()') or copies a torn database. The server, the
 * backup and the restore each hold `<DATA_DIR>.lock` (next to the folder, not in it, so it never lands in
 * a backup nor makes a restore target non-empty) while they use the folder: created exclusively ('wx'),
 * holding the pid, removed when they end cleanly. A lock whose process is gone (kill -9, power loss) is
 * stale and taken over.
 */
export type LockHolder = 'server' | 'backup' | 'restore' | 'audit:verify';
interface LockContent {
  pid: number;
  holder: LockHolder;
  host: string;
  since: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly holder: LockContent,
    dataDir: string,
    lockFile: string,
  ) {
    const who =
      { server: 'The server', backup: 'A backup', restore: 'A restore', 'audit:verify': 'An audit check' }[
        holder.holder
      ] ?? 'A process';
    const what = holder.holder === 'server' ? 'stop it first' : 'wait for it to finish';
    const where = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
    super(
      `${who} (${where}) is using DATA_DIR ${dataDir}; ${what}, or, if no such process is running any more, remove ${lockFile}.`,
    );
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir).replace(/[\\/]+$/, '')}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function read(file: string): LockContent | null {
  try {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as LockContent;
    return Number.isInteger(content.pid) ? content : null;
  } catch {
    return null;
  }
}

/** Whether the lock's process still runs (a lock from another host cannot be checked: it is taken as held). */
const held = (c: LockContent) => c.host !== os.hostname() || (c.pid !== process.pid && alive(c.pid));

/**
 * Takes the folder's lock for `holder`, or throws DataDirInUse naming the live holder. A stale lock is
 * moved aside atomically (rename) before the new one is created, so two processes taking over the same
 * stale lock cannot both win: the loser's exclusive create fails and it sees the winner's live lock.
 */
export function lockDataDir(dataDir: string, holder: LockHolder): DataDirLock {
  const file = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine: LockContent = { pid: process.pid, holder, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return lockOf(file, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = read(file);
    if (current && held(current)) throw new DataDirInUse(current, dataDir, file);
    if (!current) {
      // Just created by another process that has not written it yet, or a torn file: give it a moment.
      const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age < 2000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
    }
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      fs.renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // someone else moved it: try again
      throw err;
    }
    const moved = read(aside);
    if (moved && held(moved)) {
      // A live lock replaced the stale one between our read and the rename: put it back and give up.
      fs.renameSync(aside, file);
      throw new DataDirInUse(moved, dataDir, file);
    }
    fs.rmSync(aside, { force: true });
  }
  const current = read(file);
  throw current ? new DataDirInUse(current, dataDir, file) : new Error(`could not take the lock ${file}`);
}

function lockOf(file: string, mine: LockContent): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one another process took over.
    if (read(file)?.pid === mine.pid) fs.rmSync(file, { force: true });
  };
  // process.exit() anywhere (a failed start, the shutdown's timeout) still removes the lock.
  process.on('exit', release);
  return { file, release };
}
