import { z } from 'zod';

// What researchers see of the biobank is counts, never rows (issue 32 items 3 and 4). A count small enough to
// single out a donor (1 to min - 1) is answered as '< min' (small-cell suppression); 0 says nothing about anyone
// and stays 0.

/** A count as a researcher sees it: a whole number, or '< N' when it was suppressed. */
export const CellCount = z.union([z.number().int().nonnegative(), z.string().regex(/^< \d{1,4}$/)]);
export type CellCount = z.infer<typeof CellCount>;

/** The default smallest count a researcher sees (SMALL_CELL_MIN overrides it: server/config.ts). */
export const DEFAULT_SMALL_CELL_MIN = 5;

/** `count` as a researcher may see it under the threshold `min`. */
export function cellCount(count: number, min: number): CellCount {
  return count > 0 && count < min ? `< ${min}` : count;
}
