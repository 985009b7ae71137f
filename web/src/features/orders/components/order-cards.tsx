import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
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

/** spec 1 §2 left side: the patient card and the order card. */
export function OrderCards({ order }: { order: OrderDetail }) {
  const p = order.patient;
  return (
    <Stack>
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
    </Stack>
  );
}
