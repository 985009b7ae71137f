import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '@/lib/session-context';
import { useCurrentProtocol } from '@/lib/protocol-context';

/**
 * The protocol's Shipments sub-page: the shipment screens live in the top-level /shipment area (features do
 * not import each other), so this links there with the protocol filter applied.
 */
export function ProtocolShipmentsPage() {
  const protocol = useCurrentProtocol();
  const canManage = useCan('shipments.manage');
  const search = `?protocol=${protocol.id}`;
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Stack gap="sm">
        <Group gap="sm">
          <IconTruckDelivery size={28} stroke={1.5} aria-hidden />
          <Title order={2} fz="lg">
            Shipments
          </Title>
        </Group>
        <Text size="sm">
          Samples of {protocol.title} sent to other institutions are listed, created and followed up on the Shipments
          screen, filtered to this protocol. Shipments received from other institutions are listed there under RECEIVED.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={`/shipment${search}`} variant="light">
            Open this protocol's shipments
          </Button>
          {canManage && (
            <Button component={Link} to={`/shipment/new${search}`} leftSection={<IconPlus size={16} />}>
              Create Shipment
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
