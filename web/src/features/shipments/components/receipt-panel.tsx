import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileImport, IconShieldCheck } from '@tabler/icons-react';
import type { Shipment } from '@contract/shipments.contract';
import { readJsonFile } from '@/lib/json-file';
import { useCan } from '@/lib/session-context';
import { downloadReceipt, type ReceiptFile, useImportReceipt } from '../api/receipts';
import { i18next } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

/** Reads a chosen file as a receipt (JSON with the receipt format), or says why it is not one. */
async function readReceipt(file: File): Promise<ReceiptFile> {
  const t = i18next.getFixedT(null, 'shipments');
  const hint = t('receipt.hint');
  const parsed = await readJsonFile(file, t('receipt.what'), hint);
  if (!('format' in parsed) || parsed.format !== 'biobank-lims-shipment-receipt')
    throw new Error(t('receipt.notReceipt', { hint }));
  return { ...parsed, format: 'biobank-lims-shipment-receipt' };
}

/**
 * Outcomes travel back (docs/shipments.md "Receipts"). On a shipment imported from another installation's
 * manifest, the receiver downloads a signed receipt once every item is accepted or rejected; on a shipment it
 * sent, the sender imports the receiver's receipt to close its items with the receiver's outcome.
 */
export function ReceiptPanel({ instId, shipment: s }: { instId: number; shipment: Shipment }) {
  const { t } = useTranslation('shipments');
  const canManage = useCan('shipments.manage');
  if (s.direction === 'received' && s.externalSender)
    return (
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} maw={700}>
            <Title order={2} fz="md">
              {t('receipt.for', { institution: s.externalSender.title })}
            </Title>
            <Text size="sm" c="gray.7">
              {s.itemCounts.pending > 0
                ? t('receipt.whenDone', { institution: s.externalSender.title })
                : t('receipt.download', { institution: s.externalSender.title })}
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={s.itemCounts.pending > 0}
            onClick={() => void downloadReceipt(instId, s)}
          >
            {t('receipt.downloadButton')}
          </Button>
        </Group>
      </Paper>
    );
  if (s.direction === 'sent' && !s.externalSender && s.status !== 'draft' && s.status !== 'cancelled' && canManage)
    return <ImportReceipt instId={instId} shipment={s} />;
  return null;
}

function ImportReceipt({ instId, shipment: s }: { instId: number; shipment: Shipment }) {
  const { t } = useTranslation('shipments');
  const importing = useImportReceipt(instId, s.id);
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const choose = async (f: File | null) => {
    setFile(f);
    setReadError(null);
    importing.reset();
    if (!f) return;
    try {
      importing.mutate(await readReceipt(f));
    } catch (e) {
      setReadError(e instanceof Error ? e.message : String(e));
    }
  };
  const error = readError ?? importing.error?.message ?? null;
  const done = importing.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {t('receipt.from', { institution: s.receivingInstitution?.title ?? '' })}
          </Title>
          <Text size="sm" c="gray.7">
            {t('receipt.importHint', { institution: s.receivingInstitution?.title ?? '' })}
          </Text>
        </Stack>
        <FileInput
          label={t('receipt.file')}
          placeholder={t('receipt.choose')}
          accept=".json,application/json"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': t('receipt.clear') }}
          leftSection={<IconFileImport size={16} />}
          disabled={importing.isPending}
          maw={480}
        />
        {importing.isPending && (
          <Text size="sm" c="dimmed">
            {t('receipt.checking')}
          </Text>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('receipt.cannot')}>
            {error}
          </Alert>
        )}
        {done && (
          <Alert color={done.applied ? 'teal' : 'blue'} icon={<IconShieldCheck />} title={done.message}>
            <Group gap="xs">
              <Badge color="teal" leftSection={<IconShieldCheck size={12} />}>
                {t('receipt.verified')}
              </Badge>
              <Text size="sm">
                {t('receipt.signedBy', { signer: done.signedBy.title })}{' '}
                <Text span ff="monospace" size="xs">
                  {done.signedBy.keyId.slice(0, 16)}…
                </Text>
                )
              </Text>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
