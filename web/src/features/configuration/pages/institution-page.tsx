import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useUpdateInstitution } from '../api/institution';
import { INSTITUTION_ENTITY, type ConfigRecord } from '../components/config-entities';
import { RecordForm } from '../components/record-form';

/** Configuration > Institution: the current institution and its edit form (PUT /institutions/{id}). */
export function InstitutionPage() {
  const { institution } = useCurrentInstitution();
  const canManage = useCan(INSTITUTION_ENTITY.managePermission);
  const [editing, setEditing] = useState(false);
  const save = useUpdateInstitution(institution.id);
  const by = institution.creatorAccount;
  const rows: [string, string][] = [
    ['Title', institution.title],
    ['Abbreviation', institution.abbreviation],
    ['Address', institution.address],
    ['Local phone number rule', institution.localPhoneRule ? 'On: participant phone numbers start with 09 and have 10 digits' : 'Off'],
    ['Created', dayjs(institution.createdDate).format('YYYY-MM-DD')],
    ['Created By', by ? `${by.firstName} ${by.lastName}` : ''],
  ];
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>Institution</Title>
        {canManage && <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>Edit Institution</Button>}
      </Group>
      <Card withBorder radius="md" maw={720}>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([k, v]) => <Table.Tr key={k}><Table.Th w={200}>{k}</Table.Th><Table.Td>{v}</Table.Td></Table.Tr>)}
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td><Badge variant="light" color={institution.isEnabled ? 'teal' : 'gray'}>{institution.isEnabled ? 'Enabled' : 'Disabled'}</Badge></Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      {editing && (
        <RecordForm entity={INSTITUTION_ENTITY} record={institution as ConfigRecord} save={save} switches={['localPhoneRule']}
          onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
