import { setImmediate as nextTurn } from 'node:timers/promises';

/** Longest stretch of synchronous work between two turns of the event loop (issue 26: no request stalls the server). */
export const SLICE_MS = 5;

/**
 * Gives the event loop a turn (setImmediate: after pending I/O, so other requests are read and answered) once
 * `SLICE_MS` of work has passed since the last turn. Loops over rows call `await y.maybe()` per row or batch.
 */
export class Yielder {
  private last = performance.now();
  /** Turns given so far (figures and tests). */
  turns = 0;

  async maybe(): Promise<void> {
    if (performance.now() - this.last < SLICE_MS) return;
    await nextTurn();
    this.turns++;
    this.last = performance.now();
  }
}
