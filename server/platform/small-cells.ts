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
