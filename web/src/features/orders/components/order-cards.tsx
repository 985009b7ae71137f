import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderDetail } from '@contract/orders.contract';
import { age, formatDate, fullName } from '@/lib/format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </div>
  );
}

/**
 * An order on a received sample has no participant (docs/decisions/0014-received-samples.md): its card names the
 * sample's pseudonymous donor code and links to the sample, never an identity.
 */
function DonorCard({ order }: { order: OrderDetail }) {
  return (
    <Card withBorder radius="md" component="section" aria-label="Donor">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Donor code
      </Text>
      <Title order={2} fz="lg" ff="monospace">
        {order.donorCode ?? '—'}
      </Title>
      <Text size="sm" mt={6}>
        Received sample: its donor is not a participant here.
      </Text>
      {order.collectedSample && (
        <Anchor component={Link} size="sm" fw={600} to={`/sample/${order.collectedSample.id}`}>
          Sample {order.collectedSample.sampleId}
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
  return (
    <Card withBorder radius="md" component="section" aria-label="Patient">
      <Title order={2} fz="lg">
        {fullName(p)}
      </Title>
      <Group gap={6} mt={6} mb="sm">
        {order.patientMRNs.length ? (
          order.patientMRNs.map((m) => (
            <Tooltip
              key={m.id}
              label={m.institutionSite?.title ? `MRN at ${m.institutionSite.title}` : 'Institution MRN'}
            >
              <Badge variant="light" radius="sm" tt="none">
                MRN {m.mrn}
              </Badge>
            </Tooltip>
          ))
        ) : (
          <Text size="xs" c="dimmed">
            No MRN
          </Text>
        )}
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Age">{age(p.birthDate)}</Field>
        <Field label="Gender">{p.gender?.title}</Field>
        <Field label="Marital Status">{p.maritalStatus?.title}</Field>
        <Field label="Vital Status">{p.vitalStatus?.title}</Field>
      </SimpleGrid>
    </Card>
  );
}

function OrderCard({ order }: { order: OrderDetail }) {
  return (
    <Card withBorder radius="md" component="section" aria-label="Order">
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Institution Site">{order.institutionSite?.title}</Field>
        <Field label="Priority">{order.priority?.title}</Field>
        <Field label="Sample ID">
          <Text span ff="monospace" fw={700} size="sm">
            {order.sampleId}
          </Text>
        </Field>
        <Field label="Ordered Date">{formatDate(order.createdDate, '—')}</Field>
        <Field label="Ordered By">{fullName(order.creatorAccount) || null}</Field>
        <Field label="Payment Category">{order.paymentCategory?.title}</Field>
      </SimpleGrid>
      {order.commentToLab && (
        <Stack gap={0} mt="sm">
          <Field label="Comment to Lab">{order.commentToLab}</Field>
        </Stack>
      )}
    </Card>
  );
}
