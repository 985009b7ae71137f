import { useEffect, useRef } from 'react';
import { ActionIcon, Button, Group, Input, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Option } from '@/lib/lookup-options';
import { emptySiteMrn, type PatientFormValues } from './patient-form-values';

interface Props {
  form: UseFormReturnType<PatientFormValues>;
  sites: Option[];
}

/**
 * Rows of Institution Site + MRN (spec 1 §2). Rows are keyed by a stable id, so removing one never
 * shifts another's input (the spec's unreliable removal, §9); each row needs both or neither (§5).
 */
export function SiteMrnRows({ form, sites }: Props) {
  const { t } = useTranslation('participants');
  const rows = form.values.siteMrns;
  // Removing a row takes its button away: focus moves to the row that took its place, else Add Site MRN (issue 28).
  const box = useRef<HTMLDivElement>(null);
  const removed = useRef<number | null>(null);
  useEffect(() => {
    if (removed.current === null) return;
    const buttons = [...(box.current?.querySelectorAll<HTMLElement>('[data-row-remove], [data-row-add]') ?? [])];
    buttons[Math.min(removed.current, buttons.length - 1)]?.focus();
    removed.current = null;
  }, [rows.length]);
  return (
    <Input.Wrapper label={t('siteMrns.label')} description={t('siteMrns.description')}>
      <Stack gap="xs" mt={6} ref={box}>
        {rows.map((row, i) => (
          <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap">
            <Select
              aria-label={t('siteMrns.siteN', { n: i + 1 })}
              placeholder={t('siteMrns.site')}
              data={sites}
              searchable
              clearable
              style={{ flex: 1 }}
              {...form.getInputProps(`siteMrns.${i}.institutionSiteId`)}
            />
            <TextInput
              aria-label={t('siteMrns.mrnN', { n: i + 1 })}
              placeholder={t('siteMrns.mrn')}
              autoComplete="off"
              style={{ flex: 1 }}
              {...form.getInputProps(`siteMrns.${i}.mrn`)}
            />
            <Tooltip label={t('siteMrns.removeRow')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={2}
                aria-label={t('siteMrns.removeRowN', { n: i + 1 })}
                data-row-remove
                onClick={() => {
                  removed.current = i;
                  form.removeListItem('siteMrns', i);
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <div>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            data-row-add
            onClick={() => form.insertListItem('siteMrns', emptySiteMrn())}
          >
            {t('siteMrns.add')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
