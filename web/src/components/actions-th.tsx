import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';

/**
 * The header cell over a column of row buttons or menus: it shows nothing but names the column for screen
 * readers (axe: empty-table-header). `PagedTable` gives its 'actions' columns the same header.
 */
export function ActionsTh({ label = 'Actions', ...props }: Omit<TableThProps, 'children'> & { label?: string }) {
  return (
    <Table.Th {...props}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}
