import { Group, Select, Table, Text } from '@mantine/core';
import type { ImportColumn, ImportMapping } from '@contract/imports.contract';

export const IGNORE = '';

/**
 * The mapping step's table: each column of the file and the field it is imported as, in words (issue 28 item 10:
 * 'First name', not `firstName *`). A required field says so in its option; required fields no column is mapped
 * to yet are listed under the table.
 */
export function MappingTable({
  headers,
  columns,
  mapping,
  onChange,
}: {
  headers: string[];
  columns: ImportColumn[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const required = new Set(columns.filter((c) => c.required).map((c) => c.field));
  const data = [
    { value: IGNORE, label: '(ignore this column)' },
    ...columns.map((c) => ({ value: c.field, label: c.label })),
  ];
  const mapped = new Set(Object.values(mapping));
  const missing = columns.filter((c) => c.required && !mapped.has(c.field));
  return (
    <>
      <Table withTableBorder maw={640} aria-label="Column mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column in the file</Table.Th>
            <Table.Th>Imported as</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {headers.map((h) => (
            <Table.Tr key={h}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {h || (
                  <Text c="dimmed" span>
                    (no header)
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={170}>
                <Select
                  aria-label={`Field for column ${h}`}
                  size="xs"
                  allowDeselect={false}
                  value={mapping[h] ?? IGNORE}
                  data={data}
                  renderOption={({ option }) => (
                    <Group gap={6} wrap="nowrap">
                      <span>{option.label}</span>
                      {required.has(option.value) && (
                        <Text span size="xs" c="dimmed">
                          (required)
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
          Required, not mapped to a column yet: {missing.map((c) => c.label).join(', ')}.
        </Text>
      )}
    </>
  );
}
