import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ProtocolParticipant } from '@contract/protocol-participants.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { calendarDate, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { EnrolForm } from './enrol-form';
import { participantPath } from '@/lib/participant-context';
import {
  PARTICIPANT_FILTER_PARAMS as PARAMS,
  participantFiltersOf,
  useProtocolParticipants,
  type ParticipantFilters,
} from '../api/participants';
import { WithdrawnBadge } from './status-badges';

// The participants area's own column names (namespace participants), as its list says them.
const columnsOf = (t: TFunction<'participants'>): DataTableColumn<ProtocolParticipant>[] => [
  {
    accessor: 'name',
    title: t('columns.name'),
    render: (p) => (
      <Group gap={8} wrap="nowrap" component="span">
        <span>{fullName(p.patient)}</span>
        {p.hasWithdrawnConsent && <WithdrawnBadge />}
      </Group>
    ),
  },
  { accessor: 'birthDate', title: t('columns.birthDate'), render: (p) => calendarDate(p.patient.birthDate) },
  { accessor: 'gender', title: t('columns.gender'), render: (p) => p.patient.gender?.title ?? '' },
  { accessor: 'maritalStatus', title: t('columns.maritalStatus'), render: (p) => p.patient.maritalStatus?.title ?? '' },
  { accessor: 'vitalStatus', title: t('columns.vitalStatus'), render: (p) => p.patient.vitalStatus?.title ?? '' },
  { accessor: 'patientType', title: t('columns.patientType'), render: (p) => p.patient.patientType?.title ?? '' },
];

function useFilters(): [ParticipantFilters, (f: ParticipantFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = participantFiltersOf(params);
  const set = (f: ParticipantFilters) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const key of Object.keys(PARAMS) as (keyof ParticipantFilters)[]) {
        const value = f[key].trim();
        if (value) next.set(PARAMS[key], value);
        else next.delete(PARAMS[key]);
      }
      next.delete('PageNumber');
      return next;
    });
  return [filters, set];
}

/**
 * spec 2 §2 "Protocol participants list": External Subject ID, Name and Phone Number filters with Search,
 * the server-paged table, Enrol Participants; a row opens the participant. /participants/new opens the
 * enrol form over it.
 */
export function ParticipantListPage({ enrolling = false }: { enrolling?: boolean }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const list = useListState();
  const [filters, setFilters] = useFilters();
  const participants = useProtocolParticipants(institution.id, protocol.id, {
    page: list.page,
    pageSize: list.pageSize,
    ...filters,
  });
  const navigate = useNavigate();
  const { search } = useLocation();
  const filtered = Object.values(filters).some(Boolean);
  const listPath = protocolPath(protocol, 'participants');
  const { t } = useTranslation('protocols');
  const { t: tp } = useTranslation('participants');

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('participantList.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('participantList.intro', { protocol: protocol.title })}
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => void navigate({ pathname: `${listPath}/new`, search })}
          >
            {t('participantList.enrol')}
          </Button>
        )}
      </Group>
      <Filters key={JSON.stringify(filters)} value={filters} onSearch={setFilters} />
      <PagedTable
        query={participants}
        list={list}
        columns={columnsOf(tp)}
        emptyText={filtered ? t('participantList.emptyFiltered') : t('participantList.empty')}
        onRowClick={(p) => void navigate(participantPath(p))}
      />
      {canManage && enrolling && <EnrolForm onClose={() => void navigate({ pathname: listPath, search })} />}
    </Stack>
  );
}

function Filters({ value, onSearch }: { value: ParticipantFilters; onSearch: (f: ParticipantFilters) => void }) {
  const [draft, setDraft] = useState(value);
  const { t } = useTranslation('protocols');
  const { t: tp } = useTranslation('participants');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const input = (key: keyof ParticipantFilters, label: string, extra: { type?: string } = {}) => (
    <TextInput
      label={label}
      value={draft[key]}
      autoComplete="off"
      w={{ base: '100%', xs: 220 }}
      {...extra}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setDraft((d) => ({ ...d, [key]: v }));
      }}
    />
  );
  return (
    // A form: Enter in any field searches, as the Search button does.
    <form onSubmit={submit} role="search" aria-label={t('participantList.filter')}>
      <Group align="flex-end" gap="sm">
        {input('externalSubjectId', tp('columns.externalSubjectId'))}
        {input('name', tp('columns.name'))}
        {input('phone', t('participantList.phone'), { type: 'tel' })}
        <Button type="submit" variant="default" leftSection={<IconSearch size={16} />}>
          {t('participantList.search')}
        </Button>
      </Group>
    </form>
  );
}
