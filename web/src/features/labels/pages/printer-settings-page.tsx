import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PrinterInput, type Printer } from '@contract/labels.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { PageLoader } from '@/components/page-loader';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { usePrinter, useSavePrinter } from '../api/printer';
import {
  PRINT_METHODS,
  printerIpStore,
  printMethodStore,
  usePrintMethod,
  type PrintMethod,
} from '@/lib/labels/print-settings';
import { usePrintLabels } from '@/lib/labels/print-labels';
import { NumberField } from '@/components/number-field';

// The spec names no extension; the store search lists the Zebra label-printing extensions.
const EXTENSION_URL = 'https://chromewebstore.google.com/search/zebra%20label%20printer';

/** Setting > Printer: the Barcode Printer IP Address (spec 2 §2, §5) and how labels are printed. */
export function PrinterSettingsPage() {
  const { institution } = useCurrentInstitution();
  const canPrint = useCan('labels.print');
  const printer = usePrinter(institution.id, canPrint);
  const { t } = useTranslation('labels');
  return (
    <Stack maw={640}>
      <Title order={1} fz={26}>
        {t('printer.title')}
      </Title>
      {canPrint && printer.isPending ? (
        <PageLoader label={t('printer.loading')} />
      ) : (
        <PrinterForm instId={institution.id} printer={printer.data ?? null} />
      )}
      <PrintMethodCard instId={institution.id} serverPrinter={printer.data ?? null} canPrint={canPrint} />
    </Stack>
  );
}

function PrinterForm({ instId, printer }: { instId: number; printer: Printer | null }) {
  const canConfigure = useCan('printer.configure');
  const { t } = useTranslation('labels');
  const save = useSavePrinter(instId);
  const method = usePrintMethod();
  // The spec's flow prints through the extension once the IP is set: offer it instead of leaving PDF on.
  const [offerExtension, setOfferExtension] = useState(false);
  const form = useForm<PrinterInput>({
    initialValues: { ipAddress: printerIpStore.get() || printer?.ipAddress || '', port: printer?.port ?? 9100 },
    validate: contractResolver(PrinterInput),
  });

  const submit = form.onSubmit(async (values) => {
    const ipAddress = values.ipAddress.trim();
    if (canConfigure) {
      try {
        await save.mutateAsync({ ipAddress, port: values.port, concurrencyStamp: printer?.concurrencyStamp });
      } catch (error) {
        const { fields, title } = serverFormErrors(error);
        form.setErrors(fields);
        if (title) notifications.show({ color: 'red', title: t('printer.error'), message: title, autoClose: 5000 });
        return;
      }
    }
    printerIpStore.set(ipAddress);
    // spec 2 §5: the confirmation text exactly as specified.
    notifications.show({ color: 'teal', message: t('printer.updated'), autoClose: 3000 });
    setOfferExtension(printMethodStore.get() !== 'extension');
  });
  const methodLabel = t(`printer.methods.${method}`);

  return (
    <Card withBorder radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('printer.ip')}
          placeholder={t('printer.ipPlaceholder')}
          withAsterisk
          autoComplete="off"
          description={canConfigure ? t('printer.ipHintServer') : t('printer.ipHint')}
          {...form.getInputProps('ipAddress')}
        />
        {canConfigure && (
          <NumberField
            whole
            label={t('printer.port')}
            description={t('printer.portHint')}
            maw={360}
            {...form.getInputProps('port')}
          />
        )}
        <Group justify="space-between" align="center">
          <Text size="sm">
            {t('printer.needsExtension')}{' '}
            <Anchor href={EXTENSION_URL} target="_blank" rel="noopener noreferrer">
              {t('printer.installExtension')}
            </Anchor>
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('printer.update')}
          </Button>
        </Group>
        {offerExtension && method !== 'extension' && (
          <Alert color="blue" title={t('printer.offerTitle')}>
            <Text size="sm">{t('printer.offer', { method: methodLabel, ip: printerIpStore.get() })}</Text>
            <Group mt="sm" gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  printMethodStore.set('extension');
                  setOfferExtension(false);
                }}
              >
                {t('printer.useExtension')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setOfferExtension(false)}>
                {t('printer.keep', { method: methodLabel })}
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function PrintMethodCard({
  instId,
  serverPrinter,
  canPrint,
}: {
  instId: number;
  serverPrinter: Printer | null;
  canPrint: boolean;
}) {
  const method = usePrintMethod();
  const { t } = useTranslation('labels');
  const print = usePrintLabels(instId);
  const testLabel = () => print.mutate({ job: { labels: [{ sampleId: 'TEST-0001' }] } });
  return (
    <Card withBorder radius="md">
      <Radio.Group
        label={t('printer.method')}
        description={t('printer.methodHint')}
        value={method}
        onChange={(v) => printMethodStore.set(v as PrintMethod)}
      >
        <Stack gap="xs" mt="xs">
          {PRINT_METHODS.map((m) => (
            <Radio key={m} value={m} label={t(`printer.methods.${m}`)} description={t(`printer.methodHints.${m}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {method === 'server' && (
        <Text size="sm" mt="sm" c={serverPrinter ? undefined : 'orange.8'}>
          {serverPrinter
            ? t('printer.serverPrints', { address: `${serverPrinter.ipAddress}:${serverPrinter.port}` })
            : t('printer.noServerPrinter')}
        </Text>
      )}
      {canPrint && (
        <Group mt="md">
          <Button variant="light" leftSection={<IconPrinter size={16} />} loading={print.isPending} onClick={testLabel}>
            {t('printer.testLabel')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
