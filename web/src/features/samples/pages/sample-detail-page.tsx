import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconAlertCircle,
  IconArrowLeft,
  IconPlus,
  IconTruckDelivery,
  IconUserOff,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CollectedSample, SampleTreeNode } from '@contract/samples.contract';
import { ApiError } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { heldByText, SampleTimeline } from '../components/sample-timeline';
import { AdjustmentDialog } from '../components/adjustment-dialog';
import { amountText, numberText, subSampleRefusal } from '../components/sample-format';
import { SampleOrders, StoragePosition } from '../components/sample-custody';
import { PrintLabelButton } from '../components/print-label-button';
import { useSample, useSampleHistory, useSampleTree } from '../api/samples';
import { DetailField } from '@/components/detail-field';
import { isolated } from '@/components/isolated';

/**
 * One sample (collected-samples/{id}), its chain of custody in one view: fields, donor, parent, storage
 * position, children, lab orders, and the ledger's timeline
 * (collected, aliquoted, derived, adjusted, consent withdrawn: who, when, amount, remaining after), with
 * the manual adjustment for accounts that may collect.
 */
/** "Held by B since 29 Nov 2026" for a sample another institution accepted (docs/decisions/0014-received-samples.md). */

export function SampleDetailPage() {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const id = Number(useParams().sampleId);
  const sample = useSample(institution.id, protocol.id, id);
  const list = protocolPath(protocol, 'collected-samples');
  if (sample.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader role="status" type="dots" aria-label={t('detail.loading')} />
      </Group>
    );
  if (sample.isError) {
    const notFound = sample.error instanceof ApiError && sample.error.status === 404;
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={notFound ? t('detail.notFound') : t('detail.loadFailed')}>
        <Text size="sm" mb="sm">
          {notFound ? t('detail.noSuch', { id, protocol: protocol.title }) : sample.error.message}
        </Text>
        <Button size="xs" variant="default" component={Link} to={list}>
          {t('detail.all')}
        </Button>
      </Alert>
    );
  }
  return <SampleDetail key={sample.data.id} sample={sample.data} />;
}

function SampleDetail({ sample: s }: { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const protocol = useCurrentProtocol();
  const canCollect = useCan('samples.collect');
  const canPrint = useCan('labels.print');
  const [adjusting, setAdjusting] = useState(false);
  const list = protocolPath(protocol, 'collected-samples');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={list} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('detail.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1} fz={26} style={{ wordBreak: 'break-all' }}>
            {t('detail.title', { sampleId: s.sampleId })}
          </Title>
          <Badge variant="light" color={s.kind === 'primary' ? 'gray' : s.kind === 'aliquot' ? 'blue' : 'grape'}>
            {t(`kind.${s.kind}`)}
          </Badge>
          {s.hasWithdrawnConsent && <Badge color="red">{t('badge.consentWithdrawn')}</Badge>}
          {s.heldBy && (
            <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
              {heldByText(s.heldBy)}
            </Badge>
          )}
          {s.transitShipment && (
            <Badge
              color="orange"
              variant="light"
              component={Link}
              to={`/shipment/${s.transitShipment.id}`}
              style={{ cursor: 'pointer', textTransform: 'none' }}
            >
              {s.transitShipment.status === 'draft'
                ? t('badge.inDraftShipment', { name: s.transitShipment.name })
                : t('badge.inTransit', { name: s.transitShipment.name })}
            </Badge>
          )}
        </Group>
        {(canCollect || canPrint) && (
          <Group gap="xs">
            <PrintLabelButton sample={s} protocolId={protocol.id} />
            {canCollect && !subSampleRefusal(s) && (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                component={Link}
                to={`${list}/${s.id}/sub-sample`}
                state={{ back: `${list}/${s.id}` }}
              >
                {t('detail.createSubSample')}
              </Button>
            )}
            {canCollect && (
              <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setAdjusting(true)}>
                {t('detail.adjust')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {s.hasWithdrawnConsent && (
        <Alert color="red" icon={<IconUserOff />} title={t('detail.withdrawnTitle')}>
          {t('detail.withdrawnText')}
        </Alert>
      )}
      {s.heldBy && (
        <Alert
          color="orange"
          icon={<IconTruckDelivery />}
          title={t('detail.heldTitle', { held: heldByText(s.heldBy) })}
        >
          {t('detail.heldText')}
        </Alert>
      )}
      <Fields sample={s} />
      <StoragePosition sample={s} />
      <Family sample={s} />
      <SampleOrders sample={s} />
      <History sample={s} />
      {adjusting && <AdjustmentDialog sample={s} onClose={() => setAdjusting(false)} />}
    </Stack>
  );
}

function Fields({ sample: s }: { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const protocol = useCurrentProtocol();
  const list = protocolPath(protocol, 'collected-samples');
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <DetailField labelColor="gray.7" label={t('detail.specimenType')}>
          {s.specimenType?.title}
        </DetailField>
        <DetailField labelColor="gray.7" label={t('detail.collectedAmount')}>
          {amountText(s.collectedAmount, s)}
        </DetailField>
        <DetailField labelColor="gray.7" label={t('detail.remainingAmount')}>
          <Text span fw={700} size="sm">
            {isolated(amountText(s.remainingAmount, s))}
          </Text>
        </DetailField>
        <DetailField
          labelColor="gray.7"
          label={t('detail.collected')}
        >{`${s.collectedDate.slice(0, 10)} ${s.collectedTime.slice(0, 5)}`}</DetailField>
        <DetailField labelColor="gray.7" label={t('detail.donor')}>
          {s.patient ? (
            <Anchor
              component={Link}
              size="sm"
              to={protocolPath(protocol, `participants/${s.participantId}/participant-overview`)}
            >
              {isolated(
                `${fullName(s.patient)}${s.patient.patientMRN ? t('detail.mrn', { mrn: s.patient.patientMRN }) : ''}`,
              )}
            </Anchor>
          ) : null}
        </DetailField>
        <DetailField labelColor="gray.7" label={t('detail.event')}>
          {s.collectionProtocolEvent?.label}
        </DetailField>
        <DetailField labelColor="gray.7" label={t('detail.site')}>
          {s.institutionSite?.title}
        </DetailField>
        {s.parentSample && (
          <DetailField labelColor="gray.7" label={t('detail.parent')}>
            <Anchor component={Link} size="sm" to={`${list}/${s.parentSample.id}`}>
              {isolated(s.parentSample.sampleId)}
            </Anchor>
            {s.subSampleLineage?.title ? <> · {isolated(s.subSampleLineage.title)}</> : ''}
            {s.parentAmountUsed !== null ? t('detail.usedFromParent', { amount: numberText(s.parentAmountUsed) }) : ''}
          </DetailField>
        )}
      </SimpleGrid>
    </Paper>
  );
}

function Family({ sample: s }: { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const tree = useSampleTree(institution.id, protocol.id, s.id);
  const list = protocolPath(protocol, 'collected-samples');
  return (
    <Stack gap={6} component="section" aria-labelledby="children-title">
      <Title order={2} fz="lg" id="children-title">
        {t('detail.children')}
      </Title>
      {tree.isPending && <Loader role="status" size="sm" type="dots" aria-label={t('detail.loadingChildren')} />}
      {tree.isError && (
        <Text size="sm" c="red.8">
          {t('detail.childrenFailed', { reason: tree.error.message })}
        </Text>
      )}
      {tree.isSuccess &&
        (tree.data.children.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('detail.noChildren')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tree.data.children.map((c: SampleTreeNode) => (
              <Group key={c.id} component="li" gap="xs">
                <Anchor component={Link} to={`${list}/${c.id}`} size="sm" fw={600}>
                  {isolated(c.sampleId)}
                </Anchor>
                <Badge size="sm" variant="light" color={c.kind === 'aliquot' ? 'blue' : 'grape'}>
                  {t(`kind.${c.kind}`)}
                </Badge>
                <Text size="sm">{c.specimenType?.title}</Text>
                <Text size="sm" c="gray.7">
                  {t('detail.left', {
                    remaining: amountText(c.remainingAmount, c),
                    collected: amountText(c.collectedAmount, c),
                  })}
                </Text>
                {c.children.length > 0 && (
                  <Text size="xs" c="gray.7">
                    {t('detail.childCount', { count: c.children.length })}
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

function History({ sample: s }: { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const history = useSampleHistory(institution.id, protocol.id, s.id);
  const list = protocolPath(protocol, 'collected-samples');
  return (
    <SampleTimeline
      title={t('detail.history')}
      history={history}
      detail={(h) =>
        h.otherSample &&
        h.otherSample.id !== s.id && (
          <Anchor component={Link} to={`${list}/${h.otherSample.id}`} size="sm">
            {t('detail.open', { sampleId: h.otherSample.sampleId })}
          </Anchor>
        )
      }
      footer={(h) => (
        <Text size="xs" c="gray.7">
          {[
            h.account ? t('detail.by', { name: `${h.account.firstName} ${h.account.lastName}` }) : null,
            h.amount !== null ? t('detail.amount', { amount: amountText(h.amount, s) }) : null,
            h.remainingAfter !== null ? t('detail.remainingAfter', { amount: amountText(h.remainingAfter, s) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    />
  );
}
