import { vi } from 'vitest';
import type { Db } from '../db/client';

/**
 * The SQL text of every statement the database driver receives while fn runs (PGlite's or the
 * node-postgres pool's `query`). Spied at the driver, not at Drizzle's SQL building: statements are
 * built once per shape and then only executed (platform/statement-cache.ts), so a spy on the builder
 * would miss every statement after the first.
 */
export async function sentStatements(db: Db | Db[], fn: () => Promise<unknown>): Promise<string[]> {
  // Several handles (the app's db and reportDb) may share one client (PGlite): spied once.
  const clients = [
    ...new Set(
      [db].flat().map((d) => (d as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client),
    ),
  ];
  const spies = clients.map((client) => vi.spyOn(client, 'query'));
  try {
    await fn();
    return spies.flatMap((spy) =>
      spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text)),
    );
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
