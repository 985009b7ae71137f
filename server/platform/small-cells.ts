import { DEFAULT_SMALL_CELL_MIN } from '../../contract/research.contract';

export { cellCount } from '../../contract/research.contract';

/**
 * The smallest count shown to a researcher: SMALL_CELL_MIN (a whole number from 1 to 1000, checked at start by
 * server/config.ts), else 5. 1 turns suppression off.
 */
export function smallCellMin(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SMALL_CELL_MIN?.trim() ?? '';
  return isSmallCellMin(raw) ? Number(raw) : DEFAULT_SMALL_CELL_MIN;
}

export function isSmallCellMin(raw: string): boolean {
  return /^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 1000;
}

/**
 * Secondary (complementary) suppression of a table whose groups split one set a researcher can count anyway (a
 * partition: its total is learnable from another table or a count). With exactly one small group (1 to min - 1) its
 * count would be that total minus the others, so the smallest other group is withheld too; with two or more small
 * groups only their sum is learnable. The groups to show as withheld (`null`), besides the small ones ('< min').
 * docs/research.md "Small-cell suppression and differencing".
 */
export function complementaryWithheld<G extends { n: number; label: string }>(groups: G[], min: number): Set<G> {
  const present = groups.filter((g) => g.n > 0);
  const small = present.filter((g) => g.n < min);
  if (small.length !== 1) return new Set();
  const [smallest] = present.filter((g) => g.n >= min).sort((a, b) => a.n - b.n || a.label.localeCompare(b.label));
  return new Set(smallest ? [smallest] : []);
}
