import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@contract/accounts.contract';
import { fullName } from '@/lib/format';

/** Ask before disabling (the account can no longer sign in) or enabling an account. */
export function confirmSetEnabled(user: User, onConfirm: () => void) {
  const disabling = user.isEnabled;
  modals.openConfirmModal({
    title: disabling ? 'Disable account' : 'Enable account',
    children: (
      <Text size="sm">
        {disabling
          ? `${fullName(user)} (${user.email}) will no longer be able to sign in. Their records stay; you can enable the account again.`
          : `${fullName(user)} (${user.email}) will be able to sign in again.`}
      </Text>
    ),
    labels: { confirm: disabling ? 'Disable' : 'Enable', cancel: 'Cancel' },
    confirmProps: { color: disabling ? 'red' : 'teal' },
    onConfirm,
  });
}
