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
import { formatDateTime } from '@/lib/format';

const EVENT_LOOK: Record<SampleHistoryEntry['kind'], { title: string; icon: ReactNode; color: string }> = {
  collected: { title: 'Collected', icon: <IconDroplet size={14} />, color: 'teal' },
  aliquoted: { title: 'Aliquoted', icon: <IconGitBranch size={14} />, color: 'blue' },
  derived: { title: 'Derived', icon: <IconFlask size={14} />, color: 'grape' },
  adjusted: { title: 'Adjusted', icon: <IconAdjustments size={14} />, color: 'orange' },
  // Written by storage allocation (docs/storage.md).
  allocated: { title: 'Stored', icon: <IconBox size={14} />, color: 'indigo' },
  vacated: { title: 'Taken out of storage', icon: <IconBoxOff size={14} />, color: 'gray' },
  // Written by shipments (docs/shipments.md): the chain of custody.
  shipped: { title: 'Shipped', icon: <IconTruck size={14} />, color: 'cyan' },
  received: { title: 'Received', icon: <IconTruckDelivery size={14} />, color: 'teal' },
  rejected: { title: 'Rejected on receipt', icon: <IconTruckOff size={14} />, color: 'red' },
  shipment_cancelled: { title: 'Shipment cancelled', icon: <IconTruckReturn size={14} />, color: 'gray' },
  consent_withdrawn: { title: 'Consent withdrawn', icon: <IconUserOff size={14} />, color: 'red' },
  consent_given_again: { title: 'Consent given again', icon: <IconUserCheck size={14} />, color: 'teal' },
  label_printed: { title: 'Label printed', icon: <IconTag size={14} />, color: 'gray' },
};

/** 'Held by B since …': the sender's sample after another institution accepted it. */
export const heldByText = (h: NonNullable<CollectedSample['heldBy']>) =>
  `Held by ${h.title}${h.since ? ` since ${formatDateTime(h.since)}` : ''}`;

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
  const id = `timeline-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {history.isPending && <Loader size="sm" type="dots" aria-label={`Loading the ${title.toLowerCase()}`} />}
      {history.isError && (
        <Text size="sm" c="red.8">
          The {title.toLowerCase()} could not be loaded: {history.error.message}
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
                      {look.title}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {by ? `${by} · ` : ''}
                      {formatDateTime(h.at)}
                    </Text>
                  </Group>
                }
              >
                <Text size="sm">{h.summary}</Text>
                {detail?.(h)}
                {h.reason && (
                  <Text size="sm" c="gray.8">
                    Reason: {h.reason}
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
