import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  GeneratorRequest,
  MAX_LABELS_PER_JOB,
  MAX_PREFIX_LENGTH,
  generateLabels,
  labelDate,
} from '@contract/labels.contract';
import { contractResolver } from '@/lib/contract-resolver';
import { formChanged } from '@/lib/unsaved-changes';
import { useCurrentInstitution } from '@/lib/session-context';
import { usePrintLabels } from '@/lib/labels/print-labels';
import { usePrintMethod } from '@/lib/labels/print-settings';
import { LabelCard } from '../components/label-card';
import { Dialog } from '@/components/dialog';
import { NumberField } from '@/components/number-field';

const PREVIEW = 6;
type Values = { prefix: string; startIndex: number | string; quantity: number | string; copies: number | string };

/** spec 2 §2 Barcode Generator: full-screen form, Prefix, Start Index, Quantity, Copies and Print. */
export function BarcodeGeneratorPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('labels');
  const { institution } = useCurrentInstitution();
  const method = usePrintMethod();
  const print = usePrintLabels(institution.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { prefix: '', startIndex: 1, quantity: 1, copies: 1 },
    validate: contractResolver(GeneratorRequest),
    validateInputOnChange: true,
  });
  const today = labelDate(new Date());
  const parsed = GeneratorRequest.safeParse(form.values);
  const preview = parsed.success ? generateLabels(parsed.data, today).slice(0, PREVIEW) : [];
  const total = parsed.success ? parsed.data.quantity * parsed.data.copies : null;
  const methodLabel = t(`printer.methods.${method}`);

  const job = (values: Values) => ({ generator: { ...GeneratorRequest.parse(values), date: today } });
  // Values printed (or downloaded) are not lost by closing; values typed since are.
  const [printed, setPrinted] = useState<string | null>(null);
  const onSuccess = () => setPrinted(JSON.stringify(form.values));
  const submit = form.onSubmit((values) => print.mutate({ job: job(values) }, { onSuccess }));
  const pdf = () => {
    if (!form.validate().hasErrors) print.mutate({ job: job(form.values), method: 'pdf' }, { onSuccess });
  };
  // Back to where the barcode button was pressed; Home when the generator was opened directly.
  const close = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'));

  return (
    <Dialog
      onClose={close}
      dirty={formChanged(form) && JSON.stringify(form.values) !== printed}
      fullScreen
      title={t('generator.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={760} mx="auto" mt="md">
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label={t('generator.prefix')}
              placeholder={t('generator.prefixPlaceholder')}
              maxLength={MAX_PREFIX_LENGTH}
              data-autofocus
              autoComplete="off"
              {...form.getInputProps('prefix')}
            />
            <NumberField whole label={t('generator.startIndex')} {...form.getInputProps('startIndex')} />
            <NumberField whole label={t('generator.quantity')} {...form.getInputProps('quantity')} />
            <NumberField whole label={t('generator.copies')} {...form.getInputProps('copies')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="xs">
            {t('generator.explain', { date: today, max: MAX_LABELS_PER_JOB })}
          </Text>

          <Group mt="xl" justify="space-between" align="center">
            <Text size="sm">
              {t('generator.printMethod')}
              <b>{methodLabel}</b> ·{' '}
              <Anchor component={Link} to="/setting/printer" size="sm">
                {t('generator.change')}
              </Anchor>
            </Text>
            <Group style={{ flexDirection: 'row-reverse' }}>
              <Button type="submit" leftSection={<IconPrinter size={16} />} loading={print.isPending}>
                {t('generator.print')}
              </Button>
              {method !== 'pdf' && (
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  onClick={pdf}
                  disabled={print.isPending}
                >
                  {t('generator.downloadPdf')}
                </Button>
              )}
            </Group>
          </Group>
        </form>

        <Stack mt="xl" gap="xs">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('generator.preview')}
            </Title>
            {total !== null && (
              <Text size="sm" c="dimmed" data-testid="label-total">
                {t('generator.total', {
                  labels: t('generator.labels', { count: parsed.data!.quantity }),
                  copies: t('generator.copiesCount', { count: parsed.data!.copies }),
                  total,
                })}
              </Text>
            )}
          </Group>
          {preview.length ? (
            <Group gap="sm" align="stretch">
              {preview.map((l) => (
                <LabelCard key={l.sampleId} label={l} />
              ))}
            </Group>
          ) : (
            <Alert color="gray">{t('generator.correctFields')}</Alert>
          )}
          {parsed.success && parsed.data.quantity > PREVIEW && (
            <Text size="sm" c="dimmed">
              {t('generator.firstShown', { shown: PREVIEW, count: parsed.data.quantity })}
            </Text>
          )}
        </Stack>
      </Box>
    </Dialog>
  );
}
