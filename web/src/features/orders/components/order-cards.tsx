import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@contract/orders.contract';
import { age, formatDate, fullName } from '@/lib/format';
import { DetailField } from '@/components/detail-field';
import { isolated } from '@/components/isolated';

/**
 * An order on a received sample has no participant (docs/decisions/0014-received-samples.md): its card names the
 * sample's pseudonymous donor code and links to the sample, never an identity.
 */
function DonorCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  return (
    <Card withBorder radius="md" component="section" aria-label={t('cards.donor')}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('cards.donorCode')}
      </Text>
      <Title order={2} fz="lg" ff="monospace">
        {order.donorCode ?? '—'}
      </Title>
      <Text size="sm" mt={6}>
        {t('cards.donorNote')}
      </Text>
      {order.collectedSample && (
        <Anchor component={Link} size="sm" fw={600} to={`/sample/${order.collectedSample.id}`}>
          {t('cards.sample', { sampleId: order.collectedSample.sampleId })}
        </Anchor>
      )}
    </Card>
  );
}

/** spec 1 §2 left side: the patient card (or, on a received sample, the donor code's) and the order card. */
export function OrderCards({ order }: { order: OrderDetail }) {
  return (
    <Stack>
      {order.patient ? <PatientCard order={order} patient={order.patient} /> : <DonorCard order={order} />}
      <OrderCard order={order} />
    </Stack>
  );
}

function PatientCard({ order, patient: p }: { order: OrderDetail; patient: NonNullable<OrderDetail['patient']> }) {
  const { t } = useTranslation('orders');
  return (
    <Card withBorder radius="md" component="section" aria-label={t('cards.patient')}>
      <Title order={2} fz="lg">
        {fullName(p)}
      </Title>
      <Group gap={6} mt={6} mb="sm">
        {order.patientMRNs.length ? (
          order.patientMRNs.map((m) => (
            <Tooltip
              key={m.id}
              label={
                m.institutionSite?.title
                  ? t('cards.mrnAt', { site: m.institutionSite.title })
                  : t('cards.institutionMrn')
              }
            >
              <Badge variant="light" radius="sm" tt="none">
                {t('cards.mrn', { mrn: m.mrn })}
              </Badge>
            </Tooltip>
          ))
        ) : (
          <Text size="xs" c="dimmed">
            {t('cards.noMrn')}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <DetailField label={t('cards.age')}>{age(p.birthDate)}</DetailField>
        <DetailField label={t('cards.gender')}>{p.gender?.title}</DetailField>
        <DetailField label={t('cards.maritalStatus')}>{p.maritalStatus?.title}</DetailField>
        <DetailField label={t('cards.vitalStatus')}>{p.vitalStatus?.title}</DetailField>
      </SimpleGrid>
    </Card>
  );
}

function OrderCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  return (
    <Card withBorder radius="md" component="section" aria-label={t('cards.order')}>
      <SimpleGrid cols={2} spacing="sm">
        <DetailField label={t('cards.site')}>{order.institutionSite?.title}</DetailField>
        <DetailField label={t('cards.priority')}>{order.priority?.title}</DetailField>
        <DetailField label={t('cards.sampleId')}>
          <Text span ff="monospace" fw={700} size="sm">
            {isolated(order.sampleId)}
          </Text>
        </DetailField>
        <DetailField label={t('cards.orderedDate')}>{formatDate(order.createdDate, '—')}</DetailField>
        <DetailField label={t('cards.orderedBy')}>{fullName(order.creatorAccount) || null}</DetailField>
        <DetailField label={t('cards.payment')}>{order.paymentCategory?.title}</DetailField>
      </SimpleGrid>
      {order.commentToLab && (
        <Stack gap={0} mt="sm">
          <DetailField label={t('cards.comment')}>{order.commentToLab}</DetailField>
        </Stack>
      )}
    </Card>
  );
}
