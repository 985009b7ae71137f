import { Badge, Button, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { User } from '@contract/accounts.contract';
import { MembershipRoles } from './account-heading';
import { fullName } from '@/lib/format';

/** The Accounts table columns (spec 2 §2: First Name, Last Name, Email, PhoneNumber; plus Roles and Status). */
export function userColumns(
  onToggleEnabled?: (user: User) => void,
  meId?: number,
  onAccess?: (user: User) => void,
): DataTableColumn<User>[] {
  const columns: DataTableColumn<User>[] = [
    { accessor: 'firstName', title: 'First Name' },
    { accessor: 'lastName', title: 'Last Name' },
    { accessor: 'email', title: 'Email' },
    { accessor: 'phoneNumber', title: 'PhoneNumber', render: (u) => u.phoneNumber ?? '—' },
    {
      accessor: 'institutions',
      title: 'Roles',
      render: (u) => <MembershipRoles user={u} />,
    },
    {
      accessor: 'isEnabled',
      title: 'Status',
      render: (u) => (
        <Badge size="sm" color={u.isEnabled ? 'teal' : 'gray'} variant="dot">
          {u.isEnabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
  ];
  if (onToggleEnabled) {
    columns.push({
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      // Nobody disables their own account by accident.
      render: (u) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {onAccess && u.id !== meId && (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={`Access: roles and institutions of ${fullName(u)}`}
              onClick={(e) => {
                e.stopPropagation();
                onAccess(u);
              }}
            >
              Access
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
              {u.isEnabled ? 'Disable' : 'Enable'}
            </Button>
          )}
        </Group>
      ),
    });
  }
  return columns;
}
