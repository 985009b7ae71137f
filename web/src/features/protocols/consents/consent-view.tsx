import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('protocols');
  return (
    <Dialog
      opened
      onClose={onClose}
      title={consent.data?.title ?? t('consentView.fallbackTitle')}
      size={760}
      fullScreen={phone}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 } }}
    >
      {consent.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" type="dots" aria-label={t('consentView.loading')} />
        </Group>
      )}
      {consent.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={
            consent.error instanceof ApiError && consent.error.status === 404
              ? t('consents.notFound')
              : t('consents.loadFailed')
          }
        >
          {consent.error instanceof ApiError && consent.error.status === 404
            ? t('consents.otherProtocol')
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
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {consent.creatorAccount
          ? t('consentView.createdBy', {
              date: formatDate(consent.createdDate),
              name: fullName(consent.creatorAccount),
            })
          : t('consentView.created', { date: formatDate(consent.createdDate) })}
        {' · '}
        {consent.signatureCount
          ? t('consentView.signed', {
              count: consent.signatureCount,
              formatted: formatCount(consent.signatureCount),
            })
          : t('consentView.notSigned')}
      </Text>
      <section aria-labelledby="consent-text-heading">
        <Group justify="space-between" mb={6}>
          <Title order={3} fz="md" id="consent-text-heading">
            {isCurrent
              ? t('consentView.textCurrent', { version: version.version })
              : t('consentView.textOf', { version: version.version })}
          </Title>
          {!isCurrent && (
            <Button size="compact-sm" variant="subtle" onClick={() => setShown(consent.version)}>
              {t('consentView.showCurrent')}
            </Button>
          )}
        </Group>
        <Paper withBorder radius="md" p="md" bg={isCurrent ? undefined : 'gray.0'}>
          {version.consent.trim() ? (
            <ConsentHtml html={version.consent} label={t('consentView.textLabel', { version: version.version })} />
          ) : (
            <Text c="dimmed" size="sm">
              {t('consentView.noText')}
            </Text>
          )}
        </Paper>
        <Text size="sm" mt={6}>
          {t('consentView.purposes', {
            list: version.purposes.length
              ? version.purposes.map((p) => p.title).join(', ')
              : t('consentView.noneDeclared'),
          })}
        </Text>
      </section>
      <section aria-labelledby="consent-versions-heading">
        <Title order={3} fz="md" id="consent-versions-heading" mb={6}>
          {t('consentView.versions')}
        </Title>
        <VersionTable versions={versions} current={consent.version} shown={version.version} onShow={setShown} />
      </section>
      <Group justify="flex-end" gap="sm">
        {onEdit && (
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit}>
            {tc('edit')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {tc('close')}
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
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  if (versions.isPending)
    return <Loader role="status" type="dots" size="sm" aria-label={t('consentView.loadingVersions')} />;
  if (versions.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('consentView.versionsFailed')}>
        <Button size="xs" variant="light" color="red" onClick={() => void versions.refetch()}>
          {tc('tryAgain')}
        </Button>
      </Alert>
    );
  }
  return (
    <Table withTableBorder striped verticalSpacing={6} aria-label={t('consentView.versions')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('consentView.version')}</Table.Th>
          <Table.Th>{t('consentView.createdDate')}</Table.Th>
          <Table.Th ta="end">{t('consentView.signatures')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('consentView.text')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {versions.data.map((v) => (
          <Table.Tr key={v.id}>
            <Table.Td>
              {v.version}
              {v.version === current && (
                <Badge ms={8} size="xs" variant="light" tt="none">
                  {t('consentView.current')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{formatDate(v.createdDate)}</Table.Td>
            <Table.Td ta="end">{formatCount(v.signatureCount)}</Table.Td>
            <Table.Td ta="end">
              {v.version === shown ? (
                <Text size="sm" c="gray.7" component="span">
                  {t('consentView.shown')}
                </Text>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={t('consentView.viewVersion', { version: v.version })}
                  onClick={() => onShow(v.version)}
                >
                  {t('consentView.view')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
