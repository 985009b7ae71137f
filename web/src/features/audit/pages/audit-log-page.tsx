import { Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { actionWords, recordWords } from '../components/audit-words';
import type { AuditEvent } from '@contract/audit.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { formatDateTime, fullName } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { auditFiltersOf, useAuditEvents } from '../api/audit-events';
import { fieldChanges } from '../components/audit-changes';
import { AuditFilters, type AuditFilterKey } from '../components/audit-filters';
import { AuditChainCheck } from '../components/audit-chain-check';

const MAX_LINES = 8;

function Changes({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('audit');
  const lines = fieldChanges(event);
  if (!lines.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {lines.slice(0, MAX_LINES).map((l) => (
        <Text key={l.field} size="sm">
          <Text span fw={600} inherit>
            {l.label}:
          </Text>{' '}
          {l.before !== undefined ? `${l.before} → ${l.after}` : l.after}
        </Text>
      ))}
      {lines.length > MAX_LINES && (
        <Text size="xs" c="dimmed">
          {t('more', { count: lines.length - MAX_LINES })}
        </Text>
      )}
    </Stack>
  );
}

const columnsOf = (t: TFunction<'audit'>): DataTableColumn<AuditEvent>[] => [
  { accessor: 'at', title: t('columns.when'), render: (e) => formatDateTime(e.at, { seconds: true }), width: 170 },
  { accessor: 'account', title: t('columns.who'), render: (e) => fullName(e.account) || t('system') },
  {
    accessor: 'entity',
    title: t('columns.record'),
    render: (e) => `${recordWords(e.entity)}${e.entityId ? ` #${e.entityId}` : ''}`,
  },
  { accessor: 'action', title: t('columns.action'), render: (e) => actionWords(e.action) },
  { accessor: 'after', title: t('columns.changes'), render: (e) => <Changes event={e} /> },
];

/** Who changed what and when in the current institution (audit.read: administrators; checked by the route guard). */
export function AuditLogPage() {
  const { t } = useTranslation('audit');
  const { institution } = useCurrentInstitution();
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const values = auditFiltersOf(params);
  const events = useAuditEvents({ instId: institution.id, page: list.page, pageSize: list.pageSize, ...values });
  const setFilters = (changes: Partial<Record<AuditFilterKey, string>>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (next.toString() !== prev.toString()) next.delete('PageNumber');
      return next;
    });

  return (
    <Stack>
      <Title order={1} fz={26}>
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro', { institution: institution.title })}
      </Text>
      <AuditChainCheck instId={institution.id} />
      <AuditFilters instId={institution.id} values={values} onChange={setFilters} />
      <PagedTable query={events} list={list} columns={columnsOf(t)} emptyText={t('empty')} />
    </Stack>
  );
}
