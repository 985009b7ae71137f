import { useState } from 'react';
import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { useCan } from '@/lib/session-context';
import { useFilterValues, useRecordPage, useSaveRecord, useSetRecordEnabled } from '../api/config-records';
import { recordTitle, type ConfigEntity, type ConfigRecord } from '../components/config-entities';
import { recordColumns } from '../components/record-columns';
import { confirmSetEnabled } from '../components/confirm-enabled';
import { RecordForm } from '../components/record-form';
import { useConfigWords } from '../components/config-words';

const SHOW_DISABLED = 'ShowDisabled';

/**
 * spec 1 §2 "Generic list page": the header with 'Create {label}', Search (Enter), the server-paged
 * table with the row menu (Edit, Disable / Enable) and a switch that also lists disabled records.
 * Mount it with `key` = the list, so opening another list starts with an empty search.
 */
export function RecordListPage({ entity }: { entity: ConfigEntity }) {
  const canManage = useCan(entity.managePermission);
  const words = useConfigWords();
  const { t } = words;
  const label = words.label(entity.label);
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const showDisabled = params.get(SHOW_DISABLED) === 'true';
  const records = useRecordPage(entity, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    showDisabled,
  });
  const setEnabled = useSetRecordEnabled(entity);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ConfigRecord | null>(null);

  const toggleShowDisabled = (on: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (on) next.set(SHOW_DISABLED, 'true');
      else next.delete(SHOW_DISABLED);
      next.delete('PageNumber');
      return next;
    });

  const toggleEnabled = (r: ConfigRecord) =>
    confirmSetEnabled(words, entity, r, () =>
      setEnabled.mutate(
        { id: r.id, enabled: !r.isEnabled },
        {
          onSuccess: (saved) =>
            notifications.show({
              color: 'teal',
              autoClose: 3000,
              message: t(saved.isEnabled ? 'list.enabledDone' : 'list.disabledDone', {
                label,
                name: recordTitle(entity, saved, words),
              }),
            }),
        },
      ),
    );

  const columns = recordColumns(
    words,
    entity,
    canManage ? { onEdit: entity.noEdit ? undefined : setEditing, onToggleEnabled: toggleEnabled } : {},
  );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {label}
        </Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('list.create', { label })}
          </Button>
        )}
      </Group>
      <Group justify="space-between" align="center">
        <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('list.search')} />
        <Switch
          label={t('list.showDisabled')}
          checked={showDisabled}
          onChange={(e) => toggleShowDisabled(e.currentTarget.checked)}
        />
      </Group>
      <PagedTable
        query={records}
        list={list}
        columns={columns}
        pinLastColumn={canManage}
        emptyText={
          showDisabled
            ? t('list.emptyAll', { what: label.toLowerCase() })
            : t('list.emptyEnabled', { what: label.toLowerCase() })
        }
        rowStyle={(r) =>
          r.isEnabled
            ? undefined
            : {
                color: 'var(--mantine-color-gray-6)',
                backgroundColor: 'var(--mantine-color-gray-1)',
                fontStyle: 'italic',
              }
        }
      />
      {creating && <CreateRecord entity={entity} onClose={() => setCreating(false)} />}
      {editing && <EditRecord key={editing.id} entity={entity} record={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function CreateRecord({ entity, onClose }: { entity: ConfigEntity; onClose: () => void }) {
  const save = useSaveRecord(entity);
  return <RecordForm entity={entity} save={save} onClose={onClose} />;
}

function EditRecord({ entity, record, onClose }: { entity: ConfigEntity; record: ConfigRecord; onClose: () => void }) {
  const save = useSaveRecord(entity, record.id);
  const filters = useFilterValues(entity, record);
  if (filters.pending) return null;
  return <RecordForm entity={entity} record={record} extraValues={filters.values} save={save} onClose={onClose} />;
}
