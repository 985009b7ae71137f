import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CellCount } from '@contract/research.contract';
import { formatCount } from '@/lib/format';

/**
 * A count as a researcher sees it (issue 32, docs/research.md "Small-cell suppression"): a number, '< 5', or null
 * when withheld, which reads '—' on screen and 'withheld' to a screen reader.
 */
export function CellCountText({ count }: { count: CellCount | null }) {
  const { t } = useTranslation('research');
  if (count !== null) return <>{typeof count === 'number' ? formatCount(count) : count}</>;
  return (
    <>
      <span aria-hidden>—</span>
      <VisuallyHidden>{t('withheld')}</VisuallyHidden>
    </>
  );
}
