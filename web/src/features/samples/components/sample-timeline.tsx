import type { ReactNode } from 'react';
import { Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  IconAdjustments,
  IconBox,
  IconBoxOff,
  IconDroplet,
  IconFlask,
  IconGitBranch,
  IconTag,
  IconTruck,
  IconTruckDelivery,
  IconTruckOff,
  IconTruckReturn,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import type { CollectedSample, SampleHistoryEntry } from '@contract/samples.contract';
import { isolated } from '@/components/isolated';
import { formatDateTime } from '@/lib/format';
import { i18next } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

/** Each kind's icon and colour; its title is `timeline.event.<kind>` in the samples catalogue. */
const EVENT_LOOK: Record<SampleHistoryEntry['kind'], { icon: ReactNode; color: string }> = {
  collected: { icon: <IconDroplet size={14} />, color: 'teal' },
  aliquoted: { icon: <IconGitBranch size={14} />, color: 'blue' },
  derived: { icon: <IconFlask size={14} />, color: 'grape' },
  adjusted: { icon: <IconAdjustments size={14} />, color: 'orange' },
  // Written by storage allocation (docs/storage.md).
  allocated: { icon: <IconBox size={14} />, color: 'indigo' },
  vacated: { icon: <IconBoxOff size={14} />, color: 'gray' },
  // Written by shipments (docs/shipments.md): the chain of custody.
  shipped: { icon: <IconTruck size={14} />, color: 'cyan' },
  received: { icon: <IconTruckDelivery size={14} />, color: 'teal' },
  rejected: { icon: <IconTruckOff size={14} />, color: 'red' },
  shipment_cancelled: { icon: <IconTruckReturn size={14} />, color: 'gray' },
  consent_withdrawn: { icon: <IconUserOff size={14} />, color: 'red' },
  consent_given_again: { icon: <IconUserCheck size={14} />, color: 'teal' },
  label_printed: { icon: <IconTag size={14} />, color: 'gray' },
};

/** 'Held by B since …': the sender's sample after another institution accepted it. */
export const heldByText = (h: NonNullable<CollectedSample['heldBy']>) =>
  h.since
    ? i18next.t('heldBySince', { ns: 'samples', title: h.title, since: formatDateTime(h.since) })
    : i18next.t('heldBy', { ns: 'samples', title: h.title });

interface Props {
  /** The section's heading ('History', 'Custody timeline'); the timeline's accessible name too. */
  title: string;
  history: UseQueryResult<SampleHistoryEntry[]>;
  /** Who did it, beside the time (a received sample's timeline names each entry's institution). */
  where?: (h: SampleHistoryEntry) => string | null;
  /** What an entry adds below its summary, before the reason (a link to the other sample). */
  detail?: (h: SampleHistoryEntry) => ReactNode;
  /** What an entry adds after the reason (who, amounts). */
  footer?: (h: SampleHistoryEntry) => ReactNode;
}

/** A sample's history as a timeline: loading, error and the entries, each with its kind's icon and colour. */
export function SampleTimeline({ title, history, where, detail, footer }: Props) {
  const { t } = useTranslation('samples');
  const id = `timeline-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {history.isPending && (
        <Loader role="status" size="sm" type="dots" aria-label={t('timeline.loading', { what: title.toLowerCase() })} />
      )}
      {history.isError && (
        <Text size="sm" c="red.8">
          {t('timeline.failed', { what: title.toLowerCase(), reason: history.error.message })}
        </Text>
      )}
      {history.isSuccess && (
        <Timeline bulletSize={24} lineWidth={2} active={history.data.length} aria-label={title}>
          {history.data.map((h, i) => {
            const look = EVENT_LOOK[h.kind];
            const by = where?.(h);
            return (
              <Timeline.Item
                key={`${h.at}-${i}`}
                bullet={look.icon}
                color={look.color}
                title={
                  <Group gap="xs">
                    <Text fw={700} size="sm">
                      {t(`timeline.event.${h.kind}`)}
                    </Text>
                    {/* Each isolated: '2026-11-29 14:05' keeps its order on a right-to-left page (issue 33). */}
                    <Text size="xs" c="gray.7">
                      {by && <>{isolated(by)} · </>}
                      {isolated(formatDateTime(h.at))}
                    </Text>
                  </Group>
                }
              >
                <Text size="sm">{h.summary}</Text>
                {detail?.(h)}
                {h.reason && (
                  <Text size="sm" c="gray.8">
                    {t('timeline.reason', { reason: h.reason })}
                  </Text>
                )}
                {footer?.(h)}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
