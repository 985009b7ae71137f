import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { IconDots, IconEdit, IconEye, IconEyeOff } from '@tabler/icons-react';
import { refObjectName, type LookupField } from '@contract/lookups.registry';
import { formatDate, fullName, type PersonName } from '@/lib/format';
import { recordTitle, shownTitle, type ConfigEntity, type ConfigRecord } from './config-entities';
import type { ConfigWords } from './config-words';

function cell(words: ConfigWords, entity: ConfigEntity, f: LookupField, r: ConfigRecord) {
  const v = r[f.name];
  if (f.name === entity.titleField) return shownTitle(entity, r, words.language);
  if (f.kind === 'reference') return (r[refObjectName(f)] as { title?: string } | null)?.title ?? '';
  if (f.kind === 'boolean')
    return v ? (
      <Text span role="img" aria-label={words.t('columns.yes')} c="teal.8" fw={700}>
        ✓
      </Text>
    ) : (
      ''
    );
  return v == null ? '' : String(v);
}

export interface RowActions {
  onEdit?: (r: ConfigRecord) => void;
  onToggleEnabled?: (r: ConfigRecord) => void;
}

/** The entity's own columns (registry `isColumn`), then who created and enabled it and when, then the row menu. */
export function recordColumns(
  words: ConfigWords,
  entity: ConfigEntity,
  actions: RowActions,
): DataTableColumn<ConfigRecord>[] {
  const { t, label } = words;
  const own: DataTableColumn<ConfigRecord>[] = entity.columns.map((f, i) => ({
    accessor: f.name,
    title:
      f.kind === 'boolean' ? (
        <span style={{ whiteSpace: 'normal', display: 'block', lineHeight: 1.25 }}>{label(f.label)}</span>
      ) : (
        label(f.label)
      ),
    textAlign: f.kind === 'boolean' ? 'center' : undefined,
    // A narrow tick column lets a long header ('Has Accepted Value') wrap, so wide lists fit beside the menu.
    width: f.kind === 'boolean' ? 96 : undefined,
    render: (r) =>
      i === 0 && !r.isEnabled ? (
        <Group gap={6} wrap="nowrap">
          <span>{cell(words, entity, f, r)}</span>
          <Badge size="xs" color="gray" variant="outline" style={{ flexShrink: 0, overflow: 'visible' }}>
            {t('columns.disabled')}
          </Badge>
        </Group>
      ) : (
        cell(words, entity, f, r)
      ),
  }));
  // Date and person share a cell (spec 1 §2: dates YYYY-MM-DD, people 'First Last'), so lists with
  // many fields (Test, Specimen Type) still fit beside the menu without scrolling sideways.
  const when = (date: unknown, who: PersonName | null) => (
    <div>
      <div>{formatDate(date as string | null)}</div>
      {who && (
        <Text size="xs" c="dimmed">
          {fullName(who)}
        </Text>
      )}
    </div>
  );
  const meta: DataTableColumn<ConfigRecord>[] = [
    {
      accessor: 'createdDate',
      title: t('columns.created'),
      noWrap: true,
      render: (r) => when(r.createdDate, r.creatorAccount),
    },
    {
      accessor: 'enabledDate',
      title: t('columns.enabled'),
      noWrap: true,
      render: (r) => when(r.enabledDate, r.enablerAccount),
    },
  ];
  const { onEdit, onToggleEnabled } = actions;
  if (!onEdit && !onToggleEnabled) return [...own, ...meta];
  return [
    ...own,
    ...meta,
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      width: 56,
      render: (r) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('columns.actionsFor', { name: recordTitle(entity, r, words) })}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {onEdit && (
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(r)}>
                {t('columns.edit')}
              </Menu.Item>
            )}
            {onToggleEnabled &&
              (r.isEnabled ? (
                <Menu.Item color="red" leftSection={<IconEyeOff size={16} />} onClick={() => onToggleEnabled(r)}>
                  {t('columns.disable')}
                </Menu.Item>
              ) : (
                <Menu.Item color="teal" leftSection={<IconEye size={16} />} onClick={() => onToggleEnabled(r)}>
                  {t('columns.enable')}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}
