import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { usePatients } from '../api/patients';
import { patientColumns } from '../components/patient-columns';
import { CreateParticipantForm } from '../components/create-participant-form';
import { EditParticipantForm } from '../components/edit-participant-form';

/**
 * Participants (spec 1 §2): /patients lists, /patients/new opens the create form (also from the top
 * navigation), /patients/{id} opens the edit form over the list; the list's search and paging stay in the URL.
 * The route guard (ROUTE_ACCESS) asks participants.read for the list and participants.manage for both forms.
 */
export function ParticipantsPage() {
  const canManage = useCan('participants.manage');
  const { institution } = useCurrentInstitution();
  const list = useListState();
  const patients = usePatients(institution.id, { page: list.page, pageSize: list.pageSize, search: list.search });
  const sub = useParams()['*'] ?? '';
  const navigate = useNavigate();
  const { search } = useLocation();
  const go = (pathname: string) => void navigate({ pathname, search });
  const editId = /^\d+$/.test(sub) ? Number(sub) : null;

  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Participants
          </Title>
          <Text size="sm" c="dimmed">
            Name parts and external subject IDs match from their start; MRN and phone number match any part of 3 or more
            characters (shorter: from the start).
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => go('/patients/new')}>
            New Participant
          </Button>
        )}
      </Group>
      <SearchBox
        value={list.search}
        onSearch={list.setSearch}
        withButton
        placeholder="Name, MRN, phone or external subject ID"
      />
      <PagedTable
        query={patients}
        list={list}
        columns={patientColumns(canManage ? (p) => go(`/patients/${p.id}`) : undefined)}
        emptyText="No participants registered yet."
        onRowClick={canManage ? (p) => go(`/patients/${p.id}`) : undefined}
      />
      {canManage && sub === 'new' && <CreateParticipantForm onClose={() => go('/patients')} />}
      {canManage && editId && (
        <EditParticipantForm
          key={editId}
          patientId={editId}
          onClose={() => go('/patients')}
          onSaved={(again) => go(again ? '/patients/new' : '/patients')}
        />
      )}
    </Stack>
  );
}
