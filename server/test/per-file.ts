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
    // Outside Vitest (bench/generate.ts builds its data with these fixtures) there is no test file: one counter.
    const running = process.env.VITEST ? expect.getState().testPath : undefined;
    if (running !== file) {
      file = running;
      n = 0;
    }
    return n++;
  };
}
