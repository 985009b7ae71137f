import type { TFunction } from 'i18next';
import type { QueryCount } from '@contract/queries.contract';
import { formatNumber } from '@/lib/format';

/**
 * The query builder's count as the screen says it (issue 32 item 4): "More than 10,000" when the server stopped at
 * its cap (`capped`), a small cell ('< 5') as it came, else the number in the screen's language.
 */
export function countText(t: TFunction<'research'>, answer: QueryCount): string {
  const { count, capped } = answer;
  if (typeof count !== 'number') return count;
  return capped ? t('queries.moreThan', { count: formatNumber(count) }) : formatNumber(count);
}
