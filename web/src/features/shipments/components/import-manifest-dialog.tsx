import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconFileImport, IconShieldCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { type ManifestFile, useImportManifest, usePreviewManifest } from '../api/shipments';
import { Dialog, DialogClose } from '@/components/dialog';
import { readJsonFile } from '@/lib/json-file';

interface Props {
  instId: number;
  opened: boolean;
  onClose: () => void;
}

/** Reads a chosen file as a manifest (JSON of a FHIR Bundle), or says why it is not one. */
async function readManifest(file: File): Promise<ManifestFile> {
  const hint = 'choose the .fhir.json manifest the sender downloaded.';
  const parsed = await readJsonFile(file, 'shipment manifest', hint);
  if (!('resourceType' in parsed) || parsed.resourceType !== 'Bundle')
    throw new Error(`The file is not a FHIR Bundle: ${hint}`);
  return parsed as ManifestFile;
}

/**
 * Import manifest (docs/shipments.md "Manifest exchange"): pick the file another installation exported,
 * see what it holds once the server checked its SHA-256 and addressee, then Import opens the new shipment.
 */
export function ImportManifestDialog({ instId, opened, onClose }: Props) {
  const navigate = useNavigate();
  const preview = usePreviewManifest(instId);
  const importing = useImportManifest(instId);
  const [file, setFile] = useState<File | null>(null);
  const [manifest, setManifest] = useState<ManifestFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setManifest(null);
    setReadError(null);
    preview.reset();
    importing.reset();
    onClose();
  };
  const choose = async (f: File | null) => {
    setFile(f);
    setManifest(null);
    setReadError(null);
    preview.reset();
    importing.reset();
    if (!f) return;
    try {
      const m = await readManifest(f);
      setManifest(m);
      preview.mutate(m);
    } catch (e) {
      setReadError(e instanceof Error ? e.message : String(e));
    }
  };
  const p = preview.data;
  const error = readError ?? preview.error?.message ?? importing.error?.message ?? null;
  const submit = () => {
    if (!manifest) return;
    importing.mutate(manifest, {
      onSuccess: (s) => {
        close();
        void navigate(`/shipment/${s.id}`);
      },
    });
  };

  return (
    <Dialog
      opened={opened}
      onClose={close}
      dirty={file !== null && !importing.isSuccess}
      title="Import a shipment manifest"
      size="xl"
    >
      <Stack>
        <Text size="sm">
          Choose the manifest file (.fhir.json) another installation downloaded for a shipment it sent to you.
        </Text>
        <FileInput
          label="Manifest file"
          placeholder="Choose a .fhir.json file"
          accept=".json,application/json,application/fhir+json"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          leftSection={<IconFileImport size={16} />}
        />
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} title="This manifest cannot be imported">
            {error}
          </Alert>
        )}
        {preview.isPending && (
          <Text size="sm" c="dimmed">
            Checking the manifest…
          </Text>
        )}
        {p && (
          <>
            <Group gap="xs">
              <Badge color="teal" leftSection={<IconShieldCheck size={14} />}>
                Signature verified
              </Badge>
              <Text size="sm">
                Signed by {p.signedBy.title} ({p.signedBy.abbreviation}) — key fingerprint{' '}
                <Text span ff="monospace" size="xs">
                  {p.signedBy.keyId.slice(0, 16)}…
                </Text>
                {p.signedBy.keyStatus === 'retired' ? ' (a retired key)' : ''} — verified
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                SHA-256
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {p.sha256}
              </Text>
            </Group>
            {p.alreadyImported && (
              <Alert color="yellow" icon={<IconAlertCircle />} title="Already imported">
                This manifest was imported as{' '}
                <Anchor component={Link} to={`/shipment/${p.alreadyImported.id}`} onClick={close}>
                  {p.alreadyImported.name}
                </Anchor>
                .
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Text size="sm">
                <b>Shipment:</b> {p.name}
              </Text>
              <Text size="sm">
                <b>From:</b> {p.sender.title} ({p.sender.abbreviation}){p.sender.site ? ` · ${p.sender.site}` : ''}
              </Text>
              <Text size="sm">
                <b>To:</b> {p.receiver.title}
                {p.receiver.site ? ` · ${p.receiver.site}` : ''}
              </Text>
              <Text size="sm">
                <b>Shipped at:</b> {p.shippedDate} {p.shippedTime}
              </Text>
              <Text size="sm">
                <b>Tracking number:</b> {p.trackingNumber ?? '—'}
              </Text>
              <Text size="sm">
                <b>Sent from:</b> {p.sender.installation ?? '—'}
              </Text>
            </SimpleGrid>
            <ScrollArea.Autosize mah={260}>
              <Table striped withTableBorder aria-label="Samples in the manifest">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sample ID</Table.Th>
                    <Table.Th>Specimen Type</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Parent</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.items.map((i) => (
                    <Table.Tr key={i.sampleId}>
                      <Table.Td>{i.sampleId}</Table.Td>
                      <Table.Td>{i.specimenType ?? '—'}</Table.Td>
                      <Table.Td>
                        {i.amount} {i.unit ?? ''}
                      </Table.Td>
                      <Table.Td>{i.parentSampleId ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <DialogClose />
          <Button onClick={submit} disabled={!p || Boolean(p.alreadyImported)} loading={importing.isPending}>
            Import {p ? `${p.items.length} sample${p.items.length === 1 ? '' : 's'}` : ''}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
