import { ActionIcon, Anchor, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { calendarDate, fullName } from '@/lib/format';
import { ActionsTh } from '@/components/actions-th';
import { useRecentPatients } from '../api/dashboard';

/** spec 1 §2 dashboard participants table: name, birth date, an edit icon; 'View More' goes to /patients. */
export function RecentParticipants({ instId, canEdit }: { instId: number; canEdit: boolean }) {
  const recent = useRecentPatients(instId);
  const rows = recent.data?.items ?? [];
  let body;
  if (recent.isPending)
    body = (
      <Text size="sm" c="dimmed" py="md">
        Loading participants…
      </Text>
    );
  else if (recent.isError)
    body = (
      <Text size="sm" c="red" py="md">
        The participants could not be loaded: {recent.error.message}
      </Text>
    );
  else if (!rows.length)
    body = (
      <Text size="sm" c="dimmed" py="md">
        No participants registered yet.
      </Text>
    );
  else {
    body = (
      <Table highlightOnHover verticalSpacing={6} aria-label="Recent participants">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Birth Date</Table.Th>
            {canEdit && <ActionsTh w={48} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{fullName(p)}</Table.Td>
              <Table.Td>{calendarDate(p.birthDate)}</Table.Td>
              {canEdit && (
                <Table.Td ta="right">
                  <Tooltip label="Edit">
                    <ActionIcon
                      component={Link}
                      to={`/patients/${p.id}`}
                      variant="subtle"
                      aria-label={`Edit ${fullName(p)}`}
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
            Participants
          </Title>
        </Group>
        <Anchor component={Link} to="/patients" size="sm" aria-label="View More participants">
          View More
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}
