import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '@/lib/use-phone';

export interface Column<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A short, whole list (a request's picked or distributed samples): a table on a wide screen, one card per row
 * on a phone (no sideways scroll), the first column heading each card.
 */
export function SimpleTable<T>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  caption: string;
}) {
  const phone = usePhone();
  if (phone) {
    const [head, ...rest] = columns;
    return (
      <Stack gap="xs" role="list" aria-label={caption}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder p="sm" radius="sm" role="listitem">
            <Text fw={600} size="sm" mb={4}>
              {head.render(row)}
            </Text>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
              {rest.map((c) => (
                <div key={c.key}>
                  <Text size="xs" c="gray.7">
                    {c.title}
                  </Text>
                  <Text size="sm" component="div">
                    {c.render(row)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder verticalSpacing={6} aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} style={{ textAlign: c.align ?? 'left' }}>
              {c.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((c) => (
              <Table.Td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                {c.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
