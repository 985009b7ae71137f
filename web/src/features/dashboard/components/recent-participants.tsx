import { ActionIcon, Anchor, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calendarDate, fullName } from '@/lib/format';
import { ActionsTh } from '@/components/actions-th';
import { useRecentPatients } from '../api/dashboard';

/** spec 1 §2 dashboard participants table: name, birth date, an edit icon; 'View More' goes to /patients. */
export function RecentParticipants({ instId, canEdit }: { instId: number; canEdit: boolean }) {
  const recent = useRecentPatients(instId);
  const { t } = useTranslation('home');
  const rows = recent.data?.items ?? [];
  let body;
  if (recent.isPending)
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t('recent.loading')}
      </Text>
    );
  else if (recent.isError)
    body = (
      <Text size="sm" c="red" py="md">
        {t('recent.failed', { reason: recent.error.message })}
      </Text>
    );
  else if (!rows.length)
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t('recent.empty')}
      </Text>
    );
  else {
    body = (
      <Table highlightOnHover verticalSpacing={6} aria-label={t('recent.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('recent.name')}</Table.Th>
            <Table.Th>{t('recent.birthDate')}</Table.Th>
            {canEdit && <ActionsTh w={48} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{fullName(p)}</Table.Td>
              <Table.Td>{calendarDate(p.birthDate)}</Table.Td>
              {canEdit && (
                <Table.Td ta="end">
                  <Tooltip label={t('edit', { ns: 'common' })}>
                    <ActionIcon
                      component={Link}
                      to={`/patients/${p.id}`}
                      variant="subtle"
                      aria-label={t('recent.editOne', { name: fullName(p) })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              )}
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
          <IconUsers size={20} />
          <Title order={2} fz="lg">
            {t('recent.title')}
          </Title>
        </Group>
        <Anchor component={Link} to="/patients" size="sm" aria-label={t('recent.viewMoreLabel')}>
          {t('recent.viewMore')}
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}
