import { expect } from 'vitest';

/**
 * A counter that starts again at 0 in each test file. The fixtures' generated codes must be unique within one
 * file's database (each file has its own), and a Vitest worker runs many files with these modules shared
 * (vitest.config.ts `isolate: false`): a counter that ran on from the previous file wrapped around into the codes a
 * file types itself.
 */
export function perFileCounter() {
  let file: string | undefined;
  let n = 0;
  return () => {
    const running = runningFile();
    if (running !== file) {
      file = running;
      n = 0;
    }
    return n++;
  };
}

/**
 * The test file Vitest is running; undefined outside Vitest (the bench generator, bench/generate.ts, makes its
 * protocol through these fixtures: there `expect.getState()` throws "Vitest failed to access its internal state").
 */
function runningFile(): string | undefined {
  try {
    return expect.getState().testPath;
  } catch {
    return undefined;
  }
}
