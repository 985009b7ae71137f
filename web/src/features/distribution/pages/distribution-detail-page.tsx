import { useState } from 'react';
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBan, IconDownload, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DistributionProtocol } from '@contract/distribution.contract';
import { distributionEndpoints as e } from '@contract/distribution.endpoints';
import { Dialog, DialogClose } from '@/components/dialog';
import { DocumentFileInput, type ReadDocument } from '@/components/document-file-input';
import { PageLoader } from '@/components/page-loader';
import { ApiError } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { formatCount, formatDate, formatDateTime, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import {
  useDisableDistributionProtocol,
  useDistributionProtocol,
  useEligibilityCount,
  useUploadEthicsDocument,
} from '../api/distribution';
import { DistributionForm } from '../components/distribution-form';
import { DetailField } from '@/components/detail-field';

/** /distribution-protocols/{id}: one protocol, its eligible samples now, its ethics document; /edit opens the form over it. */
export function DistributionDetailPage({ editing = false }: { editing?: boolean }) {
  const { t } = useTranslation('distribution');
  const { institution } = useCurrentInstitution();
  const id = Number(useParams().protocolId);
  const protocol = useDistributionProtocol(institution.id, id);
  const navigate = useNavigate();
  const canManage = useCan('distribution.manage');
  if (protocol.isPending) return <PageLoader label={t('detail.loading')} />;
  if (protocol.isError) {
    const notFound = protocol.error instanceof ApiError && protocol.error.status === 404;
    return (
      <Stack maw={900} mx="auto">
        <Alert color="red" icon={<IconAlertCircle />} title={notFound ? t('detail.notFound') : t('detail.loadFailed')}>
          {notFound ? t('detail.maybeOther') : protocol.error.message}{' '}
          <Anchor component={Link} to="/distribution-protocols">
            {t('detail.back')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const p = protocol.data;
  return (
    <Stack maw={1100} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to="/distribution-protocols">
          {t('list.title')}
        </Anchor>
        <Text span>{p.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} fz={26}>
            {p.title}
          </Title>
          {!p.isEnabled && (
            <Badge color="gray" variant="light">
              {t('disabled')}
            </Badge>
          )}
        </Group>
        {canManage && p.isEnabled && <ManageButtons protocol={p} />}
      </Group>
      <Eligibility instId={institution.id} protocol={p} />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.principalInvestigator')}>
            {fullName(p.principalInvestigator) || '—'}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.institution')}>
            {p.institutionName}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.ethicsApprovalNumber')}>
            {p.ethicsApprovalNumber}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.dates')}>
            {p.startDate || p.endDate
              ? t('detail.range', { from: formatDate(p.startDate, 'open'), to: formatDate(p.endDate, 'open') })
              : t('detail.notLimited')}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.purposes')}>
            {p.purposes.map((x) => x.title).join(', ') || t('detail.anyPurpose')}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.approvers')}>
            {p.approvers.map((a) => fullName(a)).join(', ') || t('detail.nobody')}
          </DetailField>
        </SimpleGrid>
      </Paper>
      <EthicsDocument instId={institution.id} protocol={p} canUpload={canManage && p.isEnabled} />
      {editing && canManage && (
        <DistributionForm
          protocol={p}
          onClose={() => void navigate(`/distribution-protocols/${p.id}`)}
          onSaved={() => void navigate(`/distribution-protocols/${p.id}`)}
        />
      )}
    </Stack>
  );
}

function Eligibility({ instId, protocol: p }: { instId: number; protocol: DistributionProtocol }) {
  const { t } = useTranslation('distribution');
  const count = useEligibilityCount(instId, p.id);
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="eligible-heading">
      <Title order={2} fz="md" id="eligible-heading">
        {t('eligible.title')}
      </Title>
      {count.isPending && <Text size="sm">{t('eligible.counting')}</Text>}
      {count.isError && (
        <Text size="sm" c="red.8">
          {t('eligible.failed', { reason: count.error.message })}
        </Text>
      )}
      {count.isSuccess && (
        <Text size="sm" data-testid="eligible-count">
          <Text span fw={700} fz="lg">
            {formatCount(count.data.count)}
          </Text>{' '}
          {p.purposes.length
            ? t('eligible.purposes', {
                count: count.data.count,
                purposes: p.purposes.map((x) => x.title).join(', '),
              })
            : t('eligible.use', { count: count.data.count })}
        </Text>
      )}
    </Paper>
  );
}

function ManageButtons({ protocol: p }: { protocol: DistributionProtocol }) {
  const { institution } = useCurrentInstitution();
  const navigate = useNavigate();
  const { t } = useTranslation('distribution');
  const disable = useDisableDistributionProtocol(institution.id, p.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Group gap="sm">
      <Button
        variant="light"
        leftSection={<IconPencil size={16} />}
        onClick={() => void navigate(`/distribution-protocols/${p.id}/edit`)}
      >
        {t('manage.edit')}
      </Button>
      <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={() => setConfirming(true)}>
        {t('manage.disable')}
      </Button>
      {confirming && (
        <Dialog onClose={() => setConfirming(false)} title={t('manage.confirmTitle', { title: p.title })}>
          <Stack>
            <Text size="sm">{t('manage.confirmText')}</Text>
            {disable.isError && (
              <Alert color="red" icon={<IconAlertCircle />}>
                {disable.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <DialogClose>{t('manage.cancel')}</DialogClose>
              <Button
                color="red"
                loading={disable.isPending}
                onClick={() =>
                  disable.mutate(undefined, {
                    onSuccess: () => {
                      notifications.show({ color: 'teal', message: t('manage.done', { title: p.title }) });
                      setConfirming(false);
                    },
                  })
                }
              >
                {t('manage.disable')}
              </Button>
            </Group>
          </Stack>
        </Dialog>
      )}
    </Group>
  );
}

function EthicsDocument({
  instId,
  protocol: p,
  canUpload,
}: {
  instId: number;
  protocol: DistributionProtocol;
  canUpload: boolean;
}) {
  const { t } = useTranslation('distribution');
  const upload = useUploadEthicsDocument(instId, p.id);
  const doc = p.ethicsDocument;
  const choose = (file: ReadDocument | null) => {
    upload.reset();
    if (file)
      upload.mutate(file, {
        onSuccess: () => notifications.show({ color: 'teal', message: t('document.filed', { name: file.fileName }) }),
      });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('document.title')}
        </Title>
        {doc ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {t('document.file', {
                name: doc.fileName,
                size: formatCount(Math.ceil(doc.size / 1024)),
                at: formatDateTime(doc.uploadedDate),
              })}
            </Text>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void downloadCall(
                  e.ethicsDocument,
                  { params: { instId, distributionProtocolId: p.id } },
                  doc.fileName,
                  t('document.downloadFailed'),
                )
              }
            >
              {t('document.download')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {t('document.none')}
          </Text>
        )}
        {canUpload && (
          <DocumentFileInput
            texts={{
              label: doc ? t('document.replace') : t('document.fileIt'),
              description: t('document.description'),
              placeholder: t('document.placeholder'),
              wrongType: t('document.wrongType'),
              tooLarge: t('document.tooLarge'),
              unreadable: t('document.unreadable'),
            }}
            onRead={choose}
            error={upload.error?.message}
            disabled={upload.isPending}
          />
        )}
      </Stack>
    </Paper>
  );
}
