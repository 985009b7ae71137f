import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { recordTitle, type ConfigEntity, type ConfigRecord } from './config-entities';
import type { ConfigWords } from './config-words';

/** Ask before disabling a record (it leaves the pickers) or enabling it again. */
export function confirmSetEnabled(words: ConfigWords, entity: ConfigEntity, r: ConfigRecord, onConfirm: () => void) {
  const { t } = words;
  const disabling = r.isEnabled;
  const name = recordTitle(entity, r, words);
  const label = words.label(entity.label);
  const what = words.articled(entity.label).toLowerCase();
  modals.openConfirmModal({
    title: disabling ? t('confirm.disableTitle', { label }) : t('confirm.enableTitle', { label }),
    children: (
      <Text size="sm">
        {disabling ? t('confirm.disableBody', { name, what }) : t('confirm.enableBody', { name, what })}
      </Text>
    ),
    labels: { confirm: disabling ? t('confirm.disable') : t('confirm.enable'), cancel: t('confirm.cancel') },
    confirmProps: { color: disabling ? 'red' : 'teal' },
    onConfirm,
  });
}
