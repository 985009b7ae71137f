import { Group, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportColumn, ImportKind, ImportMapping } from '@contract/imports.contract';
import { columnLabel } from './column-label';

export const IGNORE = '';

/**
 * The mapping step's table: each column of the file and the field it is imported as, in words (issue 28 item 10:
 * 'First name', not `firstName *`). A required field says so in its option; required fields no column is mapped
 * to yet are listed under the table.
 */
export function MappingTable({
  kind,
  headers,
  columns,
  mapping,
  onChange,
}: {
  kind: ImportKind;
  headers: string[];
  columns: ImportColumn[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation('imports');
  const label = (c: ImportColumn) => columnLabel(kind, c.field, c.label);
  const required = new Set(columns.filter((c) => c.required).map((c) => c.field));
  const data = [
    { value: IGNORE, label: t('mapping.ignore') },
    ...columns.map((c) => ({ value: c.field, label: label(c) })),
  ];
  const mapped = new Set(Object.values(mapping));
  const missing = columns.filter((c) => c.required && !mapped.has(c.field));
  return (
    <>
      <Table withTableBorder maw={640} aria-label={t('mapping.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mapping.columnInFile')}</Table.Th>
            <Table.Th>{t('mapping.importedAs')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {headers.map((h) => (
            <Table.Tr key={h}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {h || (
                  <Text c="dimmed" span>
                    {t('mapping.noHeader')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={170}>
                <Select
                  aria-label={t('mapping.fieldFor', { header: h })}
                  size="xs"
                  allowDeselect={false}
                  value={mapping[h] ?? IGNORE}
                  data={data}
                  renderOption={({ option }) => (
                    <Group gap={6} wrap="nowrap">
                      <span>{option.label}</span>
                      {required.has(option.value) && (
                        <Text span size="xs" c="dimmed">
                          {t('mapping.required')}
                        </Text>
                      )}
                    </Group>
                  )}
                  onChange={(v) => onChange({ ...mapping, [h]: v ?? IGNORE })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {missing.length > 0 && (
        <Text size="sm" c="red.8" role="status">
          {t('mapping.missing', { fields: missing.map(label).join(', ') })}
        </Text>
      )}
    </>
  );
}
