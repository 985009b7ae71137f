import { Badge, Button, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import type { User } from '@contract/accounts.contract';
import { MembershipRoles } from './account-heading';
import { fullName } from '@/lib/format';

/** The Accounts table columns (spec 2 §2: First Name, Last Name, Email, PhoneNumber; plus Roles and Status). */
export function userColumns(
  t: TFunction<'accounts'>,
  onToggleEnabled?: (user: User) => void,
  meId?: number,
  onAccess?: (user: User) => void,
): DataTableColumn<User>[] {
  const columns: DataTableColumn<User>[] = [
    { accessor: 'firstName', title: t('columns.firstName') },
    { accessor: 'lastName', title: t('columns.lastName') },
    { accessor: 'email', title: t('columns.email') },
    { accessor: 'phoneNumber', title: t('columns.phoneNumber'), render: (u) => u.phoneNumber ?? '—' },
    {
      accessor: 'institutions',
      title: t('columns.roles'),
      render: (u) => <MembershipRoles user={u} />,
    },
    {
      accessor: 'isEnabled',
      title: t('columns.status'),
      render: (u) => (
        <Badge size="sm" color={u.isEnabled ? 'teal' : 'gray'} variant="dot">
          {u.isEnabled ? t('enabled') : t('disabled')}
        </Badge>
      ),
    },
  ];
  if (onToggleEnabled) {
    columns.push({
      accessor: 'actions',
      title: t('columns.actions'),
      textAlign: 'right',
      // Nobody disables their own account by accident.
      render: (u) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {onAccess && u.id !== meId && (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={t('accessOf', { name: fullName(u) })}
              onClick={(e) => {
                e.stopPropagation();
                onAccess(u);
              }}
            >
              {t('accessButton')}
            </Button>
          )}
          {u.id !== meId && (
            <Button
              size="compact-xs"
              variant="light"
              color={u.isEnabled ? 'red' : 'teal'}
              onClick={(e) => {
                e.stopPropagation();
                onToggleEnabled(u);
              }}
            >
              {u.isEnabled ? t('disable') : t('enable')}
            </Button>
          )}
        </Group>
      ),
    });
  }
  return columns;
}
