import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconFlask, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@/lib/format';
import { ActionsTh } from '@/components/actions-th';
import { usePendingProtocols } from '../api/dashboard';

const overview = (id: number) => `/collection-protocols/${id}/overview`;

/**
 * spec 1 §2 'Pending Collection Protocols': title, start date (YYYY-MM-DD) and Launch; a protocol opens its
 * overview; 'View More' goes to /collection-protocols. "Pending" = still open today (not yet ended),
 * today in the institution's time zone.
 */
export function PendingProtocols({ instId, timeZone }: { instId: number; timeZone: string }) {
  const pending = usePendingProtocols(instId, timeZone);
  const navigate = useNavigate();
  const { t } = useTranslation('home');
  const rows = pending.data?.items ?? [];
  let body;
  if (pending.isPending)
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t('pending.loading')}
      </Text>
    );
  else if (pending.isError)
    body = (
      <Text size="sm" c="red" py="md">
        {t('pending.failed', { reason: pending.error.message })}
      </Text>
    );
  else if (!rows.length)
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t('pending.empty')}
      </Text>
    );
  else {
    body = (
      <Table highlightOnHover verticalSpacing={6} aria-label={t('pending.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pending.columnTitle')}</Table.Th>
            <Table.Th>{t('pending.startDate')}</Table.Th>
            <ActionsTh w={110} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(overview(p.id))}>
              <Table.Td>
                <Anchor component={Link} to={overview(p.id)} size="sm" onClick={(e) => e.stopPropagation()}>
                  {p.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDate(p.startDate, '—')}</Table.Td>
              <Table.Td ta="end">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRocket size={14} />}
                  component={Link}
                  to={overview(p.id)}
                  onClick={(e) => e.stopPropagation()}
                  aria-label={t('pending.launchOne', { title: p.title })}
                >
                  {t('pending.launch')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <IconFlask size={20} />
          <Title order={2} fz="lg">
            {t('pending.title')}
          </Title>
        </Group>
        <Anchor component={Link} to="/collection-protocols" size="sm" aria-label={t('pending.viewMoreLabel')}>
          {t('pending.viewMore')}
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}
