import { useState } from 'react';
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBan, IconDownload, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
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

/** /distribution-protocols/{id}: one protocol, its eligible samples now, its ethics document; /edit opens the form over it. */
export function DistributionDetailPage({ editing = false }: { editing?: boolean }) {
  const { institution } = useCurrentInstitution();
  const id = Number(useParams().protocolId);
  const protocol = useDistributionProtocol(institution.id, id);
  const navigate = useNavigate();
  const canManage = useCan('distribution.manage');
  if (protocol.isPending) return <PageLoader label="Loading the distribution protocol" />;
  if (protocol.isError) {
    const notFound = protocol.error instanceof ApiError && protocol.error.status === 404;
    return (
      <Stack maw={900} mx="auto">
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={notFound ? 'Distribution protocol not found' : 'The distribution protocol could not be loaded'}
        >
          {notFound ? 'It may belong to another institution.' : protocol.error.message}{' '}
          <Anchor component={Link} to="/distribution-protocols">
            Back to the list
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
          Distribution Protocols
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
              Disabled
            </Badge>
          )}
        </Group>
        {canManage && p.isEnabled && <ManageButtons protocol={p} />}
      </Group>
      <Eligibility instId={institution.id} protocol={p} />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Principal Investigator" value={fullName(p.principalInvestigator) || '—'} />
          <Fact label="Institution" value={p.institutionName} />
          <Fact label="Ethics Approval Number" value={p.ethicsApprovalNumber} />
          <Fact
            label="Dates"
            value={
              p.startDate || p.endDate
                ? `${formatDate(p.startDate, 'open')} to ${formatDate(p.endDate, 'open')}`
                : 'Not limited'
            }
          />
          <Fact
            label="Consent Purposes Needed"
            value={p.purposes.map((x) => x.title).join(', ') || 'none (any sample with a consent in force)'}
          />
          <Fact label="Who May Approve" value={p.approvers.map((a) => fullName(a)).join(', ') || 'nobody yet'} />
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

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function Eligibility({ instId, protocol: p }: { instId: number; protocol: DistributionProtocol }) {
  const count = useEligibilityCount(instId, p.id);
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="eligible-heading">
      <Title order={2} fz="md" id="eligible-heading">
        Eligible samples now
      </Title>
      {count.isPending && <Text size="sm">Counting…</Text>}
      {count.isError && (
        <Text size="sm" c="red.8">
          The count could not be made: {count.error.message}
        </Text>
      )}
      {count.isSuccess && (
        <Text size="sm" data-testid="eligible-count">
          <Text span fw={700} fz="lg">
            {formatCount(count.data.count)}
          </Text>{' '}
          {count.data.count === 1 ? 'sample' : 'samples'} of this institution whose donor's consent in force grants{' '}
          {p.purposes.length ? `every purpose needed (${p.purposes.map((x) => x.title).join(', ')})` : 'use'}.
        </Text>
      )}
    </Paper>
  );
}

function ManageButtons({ protocol: p }: { protocol: DistributionProtocol }) {
  const { institution } = useCurrentInstitution();
  const navigate = useNavigate();
  const disable = useDisableDistributionProtocol(institution.id, p.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Group gap="sm">
      <Button
        variant="light"
        leftSection={<IconPencil size={16} />}
        onClick={() => void navigate(`/distribution-protocols/${p.id}/edit`)}
      >
        Edit
      </Button>
      <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={() => setConfirming(true)}>
        Disable
      </Button>
      {confirming && (
        <Dialog onClose={() => setConfirming(false)} title={`Disable ${p.title}?`}>
          <Stack>
            <Text size="sm">
              A disabled distribution protocol is kept with everything it holds but can no longer be changed.
            </Text>
            {disable.isError && (
              <Alert color="red" icon={<IconAlertCircle />}>
                {disable.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <DialogClose>Cancel</DialogClose>
              <Button
                color="red"
                loading={disable.isPending}
                onClick={() =>
                  disable.mutate(undefined, {
                    onSuccess: () => {
                      notifications.show({ color: 'teal', message: `Distribution protocol ${p.title} disabled.` });
                      setConfirming(false);
                    },
                  })
                }
              >
                Disable
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
  const upload = useUploadEthicsDocument(instId, p.id);
  const doc = p.ethicsDocument;
  const choose = (file: ReadDocument | null) => {
    upload.reset();
    if (file)
      upload.mutate(file, {
        onSuccess: () => notifications.show({ color: 'teal', message: `${file.fileName} filed.` }),
      });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Ethics approval document
        </Title>
        {doc ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {doc.fileName} · {formatCount(Math.ceil(doc.size / 1024))} KB · filed {formatDateTime(doc.uploadedDate)}
            </Text>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void downloadCall(
                  e.ethicsDocument,
                  { params: { instId, distributionProtocolId: p.id } },
                  doc.fileName,
                  'The document could not be downloaded',
                )
              }
            >
              Download
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            No document filed yet.
          </Text>
        )}
        {canUpload && (
          <DocumentFileInput
            texts={{ label: doc ? 'Replace the document (the earlier one stays on file)' : 'File the document' }}
            onRead={choose}
            error={upload.error?.message}
            disabled={upload.isPending}
          />
        )}
      </Stack>
    </Paper>
  );
}
