import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('participants');
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
            {t('list.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('list.searchHelp')}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => go('/patients/new')}>
            {t('list.newParticipant')}
          </Button>
        )}
      </Group>
      <SearchBox value={list.search} onSearch={list.setSearch} withButton placeholder={t('list.searchPlaceholder')} />
      <PagedTable
        query={patients}
        list={list}
        columns={patientColumns(t, canManage ? (p) => go(`/patients/${p.id}`) : undefined)}
        emptyText={t('list.empty')}
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
