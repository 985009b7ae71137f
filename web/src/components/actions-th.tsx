import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The header cell over a column of row buttons or menus: it shows nothing but names the column for screen
 * readers (axe: empty-table-header). `PagedTable` gives its 'actions' columns the same header.
 */
export function ActionsTh({ label, ...props }: Omit<TableThProps, 'children'> & { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Table.Th {...props}>
      <VisuallyHidden>{label ?? t('actions')}</VisuallyHidden>
    </Table.Th>
  );
}
