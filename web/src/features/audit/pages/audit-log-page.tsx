import { Alert, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useSearchParams } from 'react-router';
import type { AuditEvent } from '@contract/audit.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { formatDateTime, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useAuditEvents } from '../api/audit-events';

/** The fields an event changed, 'field: before → after'; a create or a disable lists what it wrote. */
function changes(e: AuditEvent): string[] {
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  const skip = new Set(['concurrencyStamp', 'createdDate', 'enabledDate', 'creatorId', 'enablerId', 'id', 'institutionId', 'updatedDate', 'updatedById']);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !skip.has(k));
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => (e.before ? `${k}: ${show(before[k])} → ${show(after[k])}` : `${k}: ${show(after[k])}`));
}

const columns: DataTableColumn<AuditEvent>[] = [
  { accessor: 'at', title: 'When', render: (e) => formatDateTime(e.at, { seconds: true }), width: 170 },
  { accessor: 'account', title: 'Who', render: (e) => fullName(e.account) || 'System' },
  { accessor: 'entity', title: 'Record', render: (e) => `${e.entity}${e.entityId ? ` #${e.entityId}` : ''}` },
  { accessor: 'action', title: 'Action' },
  {
    accessor: 'after', title: 'Changes',
    render: (e) => {
      const lines = changes(e);
      return lines.length ? <Stack gap={2}>{lines.slice(0, 6).map((l) => <Code key={l} block={false}>{l}</Code>)}{lines.length > 6 && <Text size="xs" c="dimmed">and {lines.length - 6} more</Text>}</Stack> : '—';
    },
  },
];

/** Who changed what and when in the current institution (audit.read: administrators). */
export function AuditLogPage() {
  const canRead = useCan('audit.read');
  const { institution } = useCurrentInstitution();
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity') ?? '';
  const entityId = params.get('entityId') ?? '';
  const events = useAuditEvents({ instId: institution.id, page: list.page, pageSize: list.pageSize, entity, entityId });
  const setFilter = (key: 'entity' | 'entityId', value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (value.trim()) next.set(key, value.trim());
    else next.delete(key);
    next.delete('PageNumber');
    return next;
  });

  if (!canRead) {
    return (
      <Stack>
        <Title order={1} fz={26}>Audit Log</Title>
        <Alert color="gray" icon={<IconLock />}>You do not have permission to see the audit log.</Alert>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} fz={26}>Audit Log</Title>
      <Text size="sm" c="dimmed">Every change in {institution.title}, newest first. Nothing here can be edited or removed.</Text>
      <Group>
        <TextInput label="Record type" placeholder="e.g. patient, limsOrderedTestResult" defaultValue={entity} w={260}
          onKeyDown={(e) => { if (e.key === 'Enter') setFilter('entity', e.currentTarget.value); }}
          onBlur={(e) => setFilter('entity', e.currentTarget.value)} />
        <TextInput label="Record id" placeholder="e.g. 42" defaultValue={entityId} w={140}
          onKeyDown={(e) => { if (e.key === 'Enter') setFilter('entityId', e.currentTarget.value); }}
          onBlur={(e) => setFilter('entityId', e.currentTarget.value)} />
      </Group>
      <PagedTable query={events} list={list} columns={columns} emptyText="No changes recorded for this filter." />
    </Stack>
  );
}
