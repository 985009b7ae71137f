import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { recordTitle, type ConfigEntity, type ConfigRecord } from './config-entities';
import { withArticle } from '@contract/words';

/** Ask before disabling a record (it leaves the pickers) or enabling it again. */
export function confirmSetEnabled(entity: ConfigEntity, r: ConfigRecord, onConfirm: () => void) {
  const disabling = r.isEnabled;
  const name = recordTitle(entity, r);
  const what = entity.label.toLowerCase();
  modals.openConfirmModal({
    title: `${disabling ? 'Disable' : 'Enable'} ${entity.label}`,
    children: (
      <Text size="sm">
        {disabling
          ? `'${name}' will no longer be offered when choosing ${withArticle(what)}. Records that already use it keep it, and you can enable it again.`
          : `'${name}' will be offered again when choosing ${withArticle(what)}.`}
      </Text>
    ),
    labels: { confirm: disabling ? 'Disable' : 'Enable', cancel: 'Cancel' },
    confirmProps: { color: disabling ? 'red' : 'teal' },
    onConfirm,
  });
}
