import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParsedLabel } from '@contract/labels.contract';
import { BarcodeImage } from './barcode-image';

/** On-screen preview of one label, laid out like the printed one (spec 2 §9). */
export function LabelCard({ label }: { label: ParsedLabel }) {
  const { t } = useTranslation('labels');
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      w={230}
      data-testid="label-preview"
      aria-label={t('card.label', { sampleId: label.sampleId })}
    >
      <Stack gap={2}>
        {label.date && (
          <Text size="xs" c="dimmed">
            {label.date}
          </Text>
        )}
        <BarcodeImage text={label.sampleId} />
        <Text size="sm" fw={700} ta="center" ff="monospace">
          {label.sampleId}
        </Text>
        {label.patientName && (
          <Text size="xs" truncate>
            {label.patientName}
          </Text>
        )}
        {label.mrn && <Text size="xs">{t('card.mrn', { mrn: label.mrn })}</Text>}
        {label.copies > 1 && (
          <Text size="xs" c="dimmed" ta="end">
            {t('card.copies', { count: label.copies })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
