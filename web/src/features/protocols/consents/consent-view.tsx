import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import type { Consent } from '@contract/protocols.contract';
import { ConsentHtml } from '@/components/consent-html';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDate, fullName } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { usePhone } from '@/lib/use-phone';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useConsent, useConsentVersions, type ConsentVersion } from '../api/consents';
import { Dialog } from '@/components/dialog';

interface Props {
  consentId: number;
  onClose: () => void;
  /** Managers may go on to edit it. */
  onEdit?: () => void;
}

/**
 * spec 2 §2 "View opens a dialog showing the title and the consent rich text", plus the consent's text
 * versions (docs/protocols.md): each can be read, so a signature's exact wording is never out of reach.
 */
export function ConsentView({ consentId, onClose, onEdit }: Props) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const consent = useConsent(institution.id, protocol.id, consentId);
  const versions = useConsentVersions(institution.id, protocol.id, consentId);
  const phone = usePhone();
  return (
    <Dialog
      opened
      onClose={onClose}
      title={consent.data?.title ?? 'Consent'}
      size={760}
      fullScreen={phone}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 } }}
    >
      {consent.isPending && (
        <Group justify="center" py="xl">
          <Loader type="dots" aria-label="Loading the consent" />
        </Group>
      )}
      {consent.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={
            consent.error instanceof ApiError && consent.error.status === 404
              ? 'Consent not found'
              : 'The consent could not be loaded'
          }
        >
          {consent.error instanceof ApiError && consent.error.status === 404
            ? 'It may belong to another protocol.'
            : consent.error.message}
        </Alert>
      )}
      {consent.data && <ConsentBody consent={consent.data} versions={versions} onClose={onClose} onEdit={onEdit} />}
    </Dialog>
  );
}

type VersionsQuery = ReturnType<typeof useConsentVersions>;

function ConsentBody({
  consent,
  versions,
  onClose,
  onEdit,
}: {
  consent: Consent;
  versions: VersionsQuery;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const [shown, setShown] = useState(consent.version);
  const current: ConsentVersion = {
    id: consent.consentVersionId,
    version: consent.version,
    consent: consent.consent,
    createdDate: consent.createdDate,
    signatureCount: 0,
    purposes: consent.purposes,
  };
  const version = versions.data?.find((v) => v.version === shown) ?? current;
  const isCurrent = version.version === consent.version;
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Created {formatDate(consent.createdDate)}
        {consent.creatorAccount ? ` by ${fullName(consent.creatorAccount)}` : ''}
        {' · '}
        {consent.signatureCount
          ? `Signed ${consent.signatureCount === 1 ? 'once' : `${formatCount(consent.signatureCount)} times`}`
          : 'Not signed yet'}
      </Text>
      <section aria-labelledby="consent-text-heading">
        <Group justify="space-between" mb={6}>
          <Title order={3} fz="md" id="consent-text-heading">
            {isCurrent ? `Text (version ${version.version}, current)` : `Text of version ${version.version}`}
          </Title>
          {!isCurrent && (
            <Button size="compact-sm" variant="subtle" onClick={() => setShown(consent.version)}>
              Show the current text
            </Button>
          )}
        </Group>
        <Paper withBorder radius="md" p="md" bg={isCurrent ? undefined : 'gray.0'}>
          {version.consent.trim() ? (
            <ConsentHtml html={version.consent} label={`Consent text, version ${version.version}`} />
          ) : (
            <Text c="dimmed" size="sm">
              This version has no text.
            </Text>
          )}
        </Paper>
        <Text size="sm" mt={6}>
          Purposes granted when signed:{' '}
          {version.purposes.length ? version.purposes.map((p) => p.title).join(', ') : 'none declared'}
        </Text>
      </section>
      <section aria-labelledby="consent-versions-heading">
        <Title order={3} fz="md" id="consent-versions-heading" mb={6}>
          Versions
        </Title>
        <VersionTable versions={versions} current={consent.version} shown={version.version} onShow={setShown} />
      </section>
      <Group justify="flex-end" gap="sm">
        {onEdit && (
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

function VersionTable({
  versions,
  current,
  shown,
  onShow,
}: {
  versions: VersionsQuery;
  current: number;
  shown: number;
  onShow: (version: number) => void;
}) {
  if (versions.isPending) return <Loader type="dots" size="sm" aria-label="Loading the versions" />;
  if (versions.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="The versions could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void versions.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Table withTableBorder striped verticalSpacing={6} aria-label="Versions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Version</Table.Th>
          <Table.Th>Created Date</Table.Th>
          <Table.Th ta="right">Signatures</Table.Th>
          <Table.Th>
            <VisuallyHidden>Text</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {versions.data.map((v) => (
          <Table.Tr key={v.id}>
            <Table.Td>
              {v.version}
              {v.version === current && (
                <Badge ml={8} size="xs" variant="light" tt="none">
                  Current
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{formatDate(v.createdDate)}</Table.Td>
            <Table.Td ta="right">{formatCount(v.signatureCount)}</Table.Td>
            <Table.Td ta="right">
              {v.version === shown ? (
                <Text size="sm" c="gray.7" component="span">
                  Shown
                </Text>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`View version ${v.version}`}
                  onClick={() => onShow(v.version)}
                >
                  View
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
