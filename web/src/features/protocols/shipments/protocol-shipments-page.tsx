import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('protocols');
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Stack gap="sm">
        <Group gap="sm">
          <IconTruckDelivery size={28} stroke={1.5} aria-hidden />
          <Title order={1} fz="lg">
            {t('shipments.title')}
          </Title>
        </Group>
        <Text size="sm">{t('shipments.intro', { protocol: protocol.title })}</Text>
        <Group gap="sm">
          <Button component={Link} to={`/shipment${search}`} variant="light">
            {t('shipments.open')}
          </Button>
          {canManage && (
            <Button component={Link} to={`/shipment/new${search}`} leftSection={<IconPlus size={16} />}>
              {t('shipments.create')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
