import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileImport, IconShieldCheck } from '@tabler/icons-react';
import type { Shipment } from '@contract/shipments.contract';
import { readJsonFile } from '@/lib/json-file';
import { useCan } from '@/lib/session-context';
import { downloadReceipt, type ReceiptFile, useImportReceipt } from '../api/receipts';

/** Reads a chosen file as a receipt (JSON with the receipt format), or says why it is not one. */
async function readReceipt(file: File): Promise<ReceiptFile> {
  const hint = 'choose the receipt.json file the receiver sent you.';
  const parsed = await readJsonFile(file, 'shipment receipt', hint);
  if (!('format' in parsed) || parsed.format !== 'biobank-lims-shipment-receipt')
    throw new Error(`The file is not a shipment receipt: ${hint}`);
  return { ...parsed, format: 'biobank-lims-shipment-receipt' };
}

/**
 * Outcomes travel back (docs/shipments.md "Receipts"). On a shipment imported from another installation's
 * manifest, the receiver downloads a signed receipt once every item is accepted or rejected; on a shipment it
 * sent, the sender imports the receiver's receipt to close its items with the receiver's outcome.
 */
export function ReceiptPanel({ instId, shipment: s }: { instId: number; shipment: Shipment }) {
  const canManage = useCan('shipments.manage');
  if (s.direction === 'received' && s.externalSender)
    return (
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} maw={700}>
            <Title order={2} fz="md">
              Receipt for {s.externalSender.title}
            </Title>
            <Text size="sm" c="gray.7">
              {s.itemCounts.pending > 0
                ? `Once every item is accepted or rejected, download a signed receipt and send it to ${s.externalSender.title}: its installation records your outcome from it.`
                : `Download the signed receipt of your outcome and send it to ${s.externalSender.title}: its installation records it from this file.`}
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={s.itemCounts.pending > 0}
            onClick={() => void downloadReceipt(instId, s)}
          >
            Download signed receipt
          </Button>
        </Group>
      </Paper>
    );
  if (s.direction === 'sent' && !s.externalSender && s.status !== 'draft' && s.status !== 'cancelled' && canManage)
    return <ImportReceipt instId={instId} shipment={s} />;
  return null;
}

function ImportReceipt({ instId, shipment: s }: { instId: number; shipment: Shipment }) {
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
            Receipt from {s.receivingInstitution?.title}
          </Title>
          <Text size="sm" c="gray.7">
            When {s.receivingInstitution?.title} works on another installation, import the signed receipt it sends you:
            its accepted and rejected items are recorded here with its outcome.
          </Text>
        </Stack>
        <FileInput
          label="Receipt file"
          placeholder="Choose a receipt.json file"
          accept=".json,application/json"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen receipt' }}
          leftSection={<IconFileImport size={16} />}
          disabled={importing.isPending}
          maw={480}
        />
        {importing.isPending && (
          <Text size="sm" c="dimmed">
            Checking the receipt…
          </Text>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} title="This receipt cannot be imported">
            {error}
          </Alert>
        )}
        {done && (
          <Alert color={done.applied ? 'teal' : 'blue'} icon={<IconShieldCheck />} title={done.message}>
            <Group gap="xs">
              <Badge color="teal" leftSection={<IconShieldCheck size={12} />}>
                Verified
              </Badge>
              <Text size="sm">
                Signed by {done.signedBy.title} (key{' '}
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
