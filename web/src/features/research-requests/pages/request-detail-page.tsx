import {
  Alert,
  Anchor,
  Breadcrumbs,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ResearchRequest } from '@contract/requests.contract';
import { PageLoader } from '@/components/page-loader';
import { ApiError, errorTitle } from '@/lib/api-client';
import { isolated } from '@/components/isolated';
import { formatDate, formatDateTime, formatNumber, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useResearchRequest } from '../api/requests';
import { DistributedSamples } from '../components/distributed-samples';
import { Fulfilment } from '../components/fulfilment';
import { MtaPanel } from '../components/mta-panel';
import { RequestActions } from '../components/request-actions';
import { RequestForm } from '../components/request-form';
import { RequestStateBadge } from '../components/request-state-badge';
import { DetailField } from '@/components/detail-field';

const AFTER_DISTRIBUTION = ['distributed', 'returned', 'closed'];

/**
 * /research-requests/{id}: one request as its requester and staff see it: its state and the reason given, what it
 * asks for, its history, the agreement, and once distributed the samples by code. Staff (requests.review) also
 * see the picked samples by sample ID; fulfilment picks, distributes and takes returns. /edit opens the form.
 */
export function RequestDetailPage({ editing = false }: { editing?: boolean }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const id = Number(useParams().requestId);
  const request = useResearchRequest(institution.id, id);
  const navigate = useNavigate();
  const staff = useCan('requests.review');
  if (request.isPending) return <PageLoader label={t('detail.loading')} />;
  if (request.isError) {
    const notFound = request.error instanceof ApiError && request.error.status === 404;
    return (
      <Stack maw={900} mx="auto">
        <Alert color="red" icon={<IconAlertCircle />} title={notFound ? t('detail.notFound') : t('detail.loadFailed')}>
          {notFound ? t('detail.notFoundHint') : errorTitle(request.error)}{' '}
          <Anchor component={Link} to="/research-requests">
            {t('detail.back')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const r = request.data;
  const distributed = AFTER_DISTRIBUTION.includes(r.state);
  return (
    <Stack maw={1100} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to="/research-requests">
          {staff ? t('list.all') : t('list.mine')}
        </Anchor>
        <Text span>{r.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} fz={26}>
            {r.title}
          </Title>
          <RequestStateBadge state={r.state} />
        </Group>
        <RequestActions request={r} />
      </Group>
      <StateReason request={r} />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.protocol')}>
            {r.distributionProtocol.title}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.requester')}>
            {fullName(r.requester) || '—'}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.submitted')}>
            {formatDate(r.submittedDate, t('detail.notYet'))}
          </DetailField>
          <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.decided')}>
            {r.decidedDate
              ? t('detail.decidedBy', { date: formatDate(r.decidedDate), name: fullName(r.decidedBy) || '—' })
              : t('detail.notYet')}
          </DetailField>
          {r.distributedDate && (
            <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.distributed')}>
              {formatDate(r.distributedDate)}
            </DetailField>
          )}
          {r.delivery && (
            <DetailField labelColor="gray.7" labelStyle="plain" label={t('detail.delivery')}>
              {r.delivery.method === 'shipment'
                ? t('detail.byShipment', { name: r.delivery.shipmentName ?? '—', date: formatDate(r.delivery.date) })
                : t('detail.byHandover', { date: formatDate(r.delivery.date) })}
            </DetailField>
          )}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('detail.purpose')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={r.description ? undefined : 'gray.7'}>
            {r.description || t('detail.noPurpose')}
          </Text>
          <Title order={2} fz="md">
            {t('detail.asksFor')}
          </Title>
          {r.savedQuery && <Text size="sm">{t('detail.savedQuery', { name: r.savedQuery.name })}</Text>}
          {r.lines.length > 0 ? (
            <List size="sm" spacing={4}>
              {r.lines.map((l, i) => (
                <List.Item key={i}>
                  {t('detail.line', { count: l.count, type: l.specimenType ?? '—' })}
                  {l.amount != null && ` · ${t('detail.each', { amount: formatNumber(l.amount), unit: l.unit ?? '' })}`}
                  {l.note && ` · ${l.note}`}
                </List.Item>
              ))}
            </List>
          ) : (
            !r.savedQuery && (
              <Text size="sm" c="gray.7">
                {t('detail.nothingAsked')}
              </Text>
            )
          )}
        </Stack>
      </Paper>
      {staff && r.state !== 'draft' && <Fulfilment request={r} />}
      {(r.mta || r.state === 'approved' || distributed) && <MtaPanel request={r} />}
      {distributed && <DistributedSamples request={r} />}
      <History events={r.history} />
      {editing && r.may.edit && (
        <RequestForm
          request={r}
          onClose={() => void navigate(`/research-requests/${r.id}`)}
          onSaved={() => void navigate(`/research-requests/${r.id}`)}
        />
      )}
    </Stack>
  );
}

/** The last rejection's, change request's or cancellation's reason, where the requester reads it first. */
function StateReason({ request: r }: { request: ResearchRequest }) {
  const { t } = useTranslation('requests');
  if (!r.stateReason) return null;
  if (r.state !== 'changes_requested' && r.state !== 'rejected' && r.state !== 'cancelled') return null;
  return (
    <Alert
      color={r.state === 'changes_requested' ? 'orange' : 'red'}
      icon={<IconMessageCircle />}
      title={t(`detail.reason.${r.state}`)}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {r.stateReason}
      </Text>
    </Alert>
  );
}

const KNOWN_ACTIONS = [
  'create',
  'update',
  'submit',
  'approve',
  'reject',
  'request_changes',
  'cancel',
  'pick',
  'release_item',
  'upload_mta',
  'distribute',
  'return',
  'close',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (a: string): a is KnownAction => KNOWN_ACTIONS.some((k) => k === a);

/** The request's steps, oldest first, with who took each and the reason or comment given. */
function History({ events }: { events: ResearchRequest['history'] }) {
  const { t } = useTranslation('requests');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('history.heading')}
        </Title>
        {events.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('history.empty')}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
            {events.map((ev, i) => (
              <Timeline.Item
                key={i}
                title={
                  <Text size="sm" fw={600} c="var(--mantine-color-text)">
                    {isKnown(ev.action) ? t(`history.actions.${ev.action}`) : ev.action.replace(/_/g, ' ')}
                  </Text>
                }
              >
                <Text size="xs" c="gray.7">
                  {ev.account
                    ? t('history.byOn', { name: fullName(ev.account), date: formatDateTime(ev.at) })
                    : isolated(formatDateTime(ev.at))}
                </Text>
                {ev.reason && (
                  <Text size="sm" mt={2} c="var(--mantine-color-text)" style={{ whiteSpace: 'pre-wrap' }}>
                    {ev.reason}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
