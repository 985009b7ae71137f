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
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type ManifestFile, useImportManifest, usePreviewManifest } from '../api/shipments';
import { Dialog, DialogClose } from '@/components/dialog';
import { readJsonFile } from '@/lib/json-file';

interface Props {
  instId: number;
  opened: boolean;
  onClose: () => void;
}

/** Reads a chosen file as a manifest (JSON of a FHIR Bundle), or says why it is not one. */
async function readManifest(file: File, t: TFunction<'shipments'>): Promise<ManifestFile> {
  const hint = t('importManifest.hint');
  const parsed = await readJsonFile(file, t('importManifest.what'), hint);
  if (!('resourceType' in parsed) || parsed.resourceType !== 'Bundle')
    throw new Error(t('importManifest.notBundle', { hint }));
  return parsed as ManifestFile;
}

/**
 * Import manifest (docs/shipments.md "Manifest exchange"): pick the file another installation exported,
 * see what it holds once the server checked its SHA-256 and addressee, then Import opens the new shipment.
 */
export function ImportManifestDialog({ instId, opened, onClose }: Props) {
  const navigate = useNavigate();
  const { t } = useTranslation('shipments');
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
      const m = await readManifest(f, t);
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
      title={t('importManifest.title')}
      size="xl"
    >
      <Stack>
        <Text size="sm">{t('importManifest.intro')}</Text>
        <FileInput
          label={t('importManifest.file')}
          placeholder={t('importManifest.filePlaceholder')}
          accept=".json,application/json,application/fhir+json"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': t('importManifest.clearFile') }}
          leftSection={<IconFileImport size={16} />}
        />
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('importManifest.cannotImport')}>
            {error}
          </Alert>
        )}
        {preview.isPending && (
          <Text size="sm" c="dimmed">
            {t('importManifest.checking')}
          </Text>
        )}
        {p && (
          <>
            <Group gap="xs">
              <Badge color="teal" leftSection={<IconShieldCheck size={14} />}>
                {t('importManifest.verified')}
              </Badge>
              <Text size="sm">
                {t('importManifest.signedBy', { title: p.signedBy.title, abbreviation: p.signedBy.abbreviation })}{' '}
                <Text span ff="monospace" size="xs">
                  {p.signedBy.keyId.slice(0, 16)}…
                </Text>
                {p.signedBy.keyStatus === 'retired' ? t('importManifest.retiredKey') : ''}{' '}
                {t('importManifest.verifiedTail')}
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {t('importManifest.sha')}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {p.sha256}
              </Text>
            </Group>
            {p.alreadyImported && (
              <Alert color="yellow" icon={<IconAlertCircle />} title={t('importManifest.already')}>
                {t('importManifest.importedAs')}{' '}
                <Anchor component={Link} to={`/shipment/${p.alreadyImported.id}`} onClick={close}>
                  {p.alreadyImported.name}
                </Anchor>
                .
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Text size="sm">
                <b>{t('importManifest.facts.shipment')}</b> {p.name}
              </Text>
              <Text size="sm">
                <b>{t('importManifest.facts.from')}</b> {p.sender.title} ({p.sender.abbreviation})
                {p.sender.site ? ` · ${p.sender.site}` : ''}
              </Text>
              <Text size="sm">
                <b>{t('importManifest.facts.to')}</b> {p.receiver.title}
                {p.receiver.site ? ` · ${p.receiver.site}` : ''}
              </Text>
              <Text size="sm">
                <b>{t('importManifest.facts.shippedAt')}</b> {p.shippedDate} {p.shippedTime}
              </Text>
              <Text size="sm">
                <b>{t('importManifest.facts.tracking')}</b> {p.trackingNumber ?? '—'}
              </Text>
              <Text size="sm">
                <b>{t('importManifest.facts.sentFrom')}</b> {p.sender.installation ?? '—'}
              </Text>
            </SimpleGrid>
            <ScrollArea.Autosize
              mah={260}
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('importManifest.samplesRegion') }}
            >
              <Table striped withTableBorder aria-label={t('importManifest.samplesName')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('importManifest.columns.sampleId')}</Table.Th>
                    <Table.Th>{t('importManifest.columns.specimenType')}</Table.Th>
                    <Table.Th>{t('importManifest.columns.amount')}</Table.Th>
                    <Table.Th>{t('importManifest.columns.parent')}</Table.Th>
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
            {p ? t('importManifest.importCount', { count: p.items.length }) : t('importManifest.import')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
