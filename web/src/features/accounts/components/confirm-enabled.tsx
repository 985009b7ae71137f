import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@contract/accounts.contract';
import { fullName } from '@/lib/format';
import { i18next } from '@/lib/i18n';

/** Ask before disabling (the account can no longer sign in) or enabling an account. */
export function confirmSetEnabled(user: User, onConfirm: () => void) {
  const disabling = user.isEnabled;
  const t = i18next.getFixedT(null, 'accounts');
  const who = { name: fullName(user), email: user.email };
  modals.openConfirmModal({
    title: disabling ? t('confirmDisableTitle') : t('confirmEnableTitle'),
    children: <Text size="sm">{disabling ? t('confirmDisable', who) : t('confirmEnable', who)}</Text>,
    labels: { confirm: disabling ? t('disable') : t('enable'), cancel: t('cancel') },
    confirmProps: { color: disabling ? 'red' : 'teal' },
    onConfirm,
  });
}
