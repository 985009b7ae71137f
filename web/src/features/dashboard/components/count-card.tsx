import type { ReactNode } from 'react';
import { Card, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';

interface Props {
  label: string;
  icon: ReactNode;
  /** The count; null when its area has no data source yet (shown as '—', never a made-up number). */
  value: number | null;
  loading?: boolean;
  error?: boolean;
  caption?: string;
  /** The server estimated the count (above 10,000): shown as '≈ 1,234,000'. */
  approximate?: boolean;
}

/** One dashboard count (spec 1 §2): Total Participants, Collection Protocols, LIMS Orders, Collected Samples. */
export function CountCard({ label, icon, value, loading, error, caption, approximate }: Props) {
  const { t } = useTranslation('home');
  let shown: ReactNode = value === null ? '—' : `${approximate ? '≈ ' : ''}${formatCount(value)}`;
  if (loading)
    shown = <Loader size="sm" type="dots" role="status" aria-label={t('dashboard.loadingCount', { label })} />;
  else if (error) shown = '—';
  return (
    <Card withBorder radius="md" p="lg" aria-label={label} role="group">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {label}
          </Text>
          <Text fz={30} fw={700} lh={1.3} c={value === null ? 'gray.5' : undefined} data-testid="count">
            {shown}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={value === null ? 'gray' : undefined}>
          {icon}
        </ThemeIcon>
      </Group>
      {(caption || error) && (
        <Text size="xs" c={error ? 'red' : 'dimmed'} mt={4}>
          {error ? t('dashboard.countFailed') : caption}
        </Text>
      )}
    </Card>
  );
}
