/**
 * Background work in rounds (the audit sealer, PGlite's upkeep): a round every `intervalMs` (0: none), never two at
 * once in this process, a failed round reported to `warn` and retried by the next. Returns stop(), which waits for a
 * round in progress (call it before the database closes).
 */
export function startRounds(
  round: () => Promise<unknown>,
  intervalMs: number,
  warn: (err: unknown) => void,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch(warn)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
