import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useCurrentInstitution } from '@/lib/session-context';

/** Setting > Institution: the current institution, read-only (spec 2 §2 lists it as a stub). */
export function InstitutionSettingsPage() {
  const { institution } = useCurrentInstitution();
  const rows: [string, string][] = [
    ['Title', institution.title],
    ['Abbreviation', institution.abbreviation],
    ['Address', institution.address],
    ['Created', dayjs(institution.createdDate).format('YYYY-MM-DD')],
  ];
  return (
    <Stack>
      <Title order={1} fz={26}>Institution</Title>
      <Card withBorder radius="md" maw={600}>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}><Table.Th w={140}>{k}</Table.Th><Table.Td>{v}</Table.Td></Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td><Badge variant="light" color={institution.isEnabled ? 'teal' : 'gray'}>{institution.isEnabled ? 'Enabled' : 'Disabled'}</Badge></Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="sm">Institutions are edited under Configuration.</Text>
      </Card>
    </Stack>
  );
}
