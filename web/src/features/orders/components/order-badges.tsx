import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary, ReleaseState } from '@contract/orders.contract';

// Text colours are the 9th shades: they keep WCAG AA contrast (>= 4.5:1) on the light badge backgrounds.

/** The priority's word, marked by urgency: routine plain, urgent light red, the most urgent (STAT) filled red. */
export function PriorityBadge({ order }: { order: Pick<OrderSummary, 'priority' | 'priorityUrgency'> }) {
  const title = order.priority?.title ?? '—';
  if (order.priorityUrgency <= 0)
    return (
      <Badge variant="light" color="gray" c="gray.8" radius="sm" tt="none">
        {title}
      </Badge>
    );
  return (
    <Badge
      variant={order.priorityUrgency >= 2 ? 'filled' : 'light'}
      color={order.priorityUrgency >= 2 ? 'red.9' : 'red'}
      c={order.priorityUrgency >= 2 ? 'white' : 'red.9'}
      radius="sm"
      tt="none"
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
    >
      {title}
    </Badge>
  );
}

const RELEASE_STYLE: Record<ReleaseState, { color: string; text: string; variant: 'outline' | 'light' }> = {
  pending: { color: 'gray', text: 'gray.8', variant: 'outline' },
  partly: { color: 'blue', text: 'blue.9', variant: 'light' },
  released: { color: 'teal', text: 'teal.9', variant: 'light' },
};

/** Pending / Partly released / Released. */
export function ReleaseBadge({ state }: { state: ReleaseState }) {
  const { t } = useTranslation('orders');
  const s = RELEASE_STYLE[state];
  return (
    <Badge
      variant={s.variant}
      color={s.color}
      c={s.text}
      radius="sm"
      tt="none"
      leftSection={state === 'released' ? <IconChecks size={12} aria-hidden /> : undefined}
    >
      {t(`releaseStates.${state}`)}
    </Badge>
  );
}
