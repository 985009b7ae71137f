import { and, eq } from 'drizzle-orm';
import { LOOKUP_BY_KEY } from '../../../contract/lookups.registry';
import { msgf } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { tableOf } from './lookup-refs';

export type Titles = Map<string, { id: number; title: string }>;

/** Enabled records of a configuration list in one institution, by lower-case trimmed title (the oldest wins a tie). Imports resolve titles with it. */
export async function titlesOf(db: Db, inst: number, key: string): Promise<Titles> {
  const e = LOOKUP_BY_KEY[key];
  const t = tableOf(e);
  const rows = (await db
    .select({ id: t.id, title: t[e.titleField ?? 'title'] })
    .from(t)
    .where(and(eq(t.institutionId, inst), eq(t.isEnabled, true)))
    .orderBy(t.id)) as { id: number; title: string }[];
  const map: Titles = new Map();
  for (const r of rows)
    if (!map.has(String(r.title).trim().toLowerCase())) map.set(String(r.title).trim().toLowerCase(), r);
  return map;
}

/** "No Gender titled "X" in this institution": the one message for an unknown title. */
export const unknownTitle = (key: string, title: string) =>
  msgf('unknownTitle', { listLabel: LOOKUP_BY_KEY[key].label, title });
