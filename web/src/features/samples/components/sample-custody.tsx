import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconMapPinSearch, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RELEASE_STATE_LABELS, type OrderSummary, type ReleaseState } from '@contract/orders.contract';
import type { CollectedSample } from '@contract/samples.contract';
import type { StorageLocation } from '@contract/storage.contract';
import { isolated } from '@/components/isolated';
import { formatDate } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import {
  boxLink,
  locationText,
  ORDERS_SHOWN,
  useOrdersOnSample,
  usePositionSuggestion,
  useStoredPosition,
} from '../api/custody';

/** The box's place as text, and a link that opens it in Configuration > Storage Container when the account may see that screen. */
function LocationLine({ location, linkText }: { location: StorageLocation; linkText: string }) {
  const canConfig = useCan('configuration.read');
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {locationText(location)}
      </Text>
      {canConfig && (
        <Anchor component={Link} to={boxLink(location)} size="sm">
          {linkText}
        </Anchor>
      )}
    </Group>
  );
}

/** Where the sample is stored (storage.read), and for an unstored one the first free position the server suggests. */
export function StoragePosition({ sample: s }: { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const canRead = useCan('storage.read');
  const position = useStoredPosition(institution.id, s.id, canRead);
  const [asked, setAsked] = useState(false);
  const suggestion = usePositionSuggestion(institution.id, s.id, canRead && asked);
  if (!canRead) return null;
  const occ = position.data?.occupancy ?? null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="storage-title">
      <Text size="xs" c="gray.7" fw={600} tt="uppercase" id="storage-title">
        {t('custody.position')}
      </Text>
      {position.isPending && <Loader role="status" size="sm" type="dots" aria-label={t('custody.loadingPosition')} />}
      {position.isError && (
        <Text size="sm" c="red.8">
          {t('custody.positionFailed', { reason: position.error.message })}
        </Text>
      )}
      {position.isSuccess &&
        (occ ? (
          <LocationLine location={occ.location} linkText={t('custody.openBox')} />
        ) : (
          <Stack gap="xs">
            <Group gap="sm">
              <Text size="sm">{t('custody.notStored')}</Text>
              {!asked && !s.hasWithdrawnConsent && !s.inTransit && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMapPinSearch size={14} />}
                  onClick={() => setAsked(true)}
                >
                  {t('custody.suggest')}
                </Button>
              )}
            </Group>
            {asked && suggestion.isPending && (
              <Loader role="status" size="sm" type="dots" aria-label={t('allocate.finding')} />
            )}
            {suggestion.isError && (
              <Text size="sm" c="red.8">
                {t('custody.noSuggestion', { reason: suggestion.error.message })}
              </Text>
            )}
            {asked &&
              suggestion.isSuccess &&
              (suggestion.data.suggestion ? (
                <div>
                  <Text size="sm" c="gray.8">
                    {suggestion.data.basis === 'same_kind'
                      ? t('custody.suggestedSameKind')
                      : t('custody.suggestedFirstFree')}
                  </Text>
                  <LocationLine location={suggestion.data.suggestion} linkText={t('custody.openSuggested')} />
                </div>
              ) : (
                <Text size="sm" c="orange.9">
                  {t('allocate.noFree')}
                </Text>
              ))}
          </Stack>
        ))}
    </Paper>
  );
}

const RELEASE_COLOR: Record<ReleaseState, string> = { pending: 'gray', partly: 'yellow', released: 'teal' };

const OrderLink = ({ order: o }: { order: OrderSummary }) => (
  <Anchor component={Link} size="sm" fw={600} to={`/orders/test-result?sampleId=${encodeURIComponent(o.sampleId)}`}>
    {o.sampleId}
  </Anchor>
);
const ReleaseBadge = ({ order: o }: { order: OrderSummary }) => (
  <Badge variant="light" color={RELEASE_COLOR[o.releaseState]}>
    {RELEASE_STATE_LABELS[o.releaseState]}
  </Badge>
);

/** The lab orders placed on this sample (orders.read): sample ID to its test results, date, panels, release state. */
export function SampleOrders({ sample: s }: { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const canRead = useCan('orders.read');
  const canOrder = useCan('orders.create');
  const orders = useOrdersOnSample(institution.id, s.id, canRead);
  if (!canRead) return null;
  const total = orders.data?.pagination.TotalCount ?? 0;
  return (
    <Stack gap={6} component="section" aria-labelledby="orders-title">
      <Group justify="space-between">
        <Title order={2} fz="lg" id="orders-title">
          {t('custody.orders')}
        </Title>
        {canOrder && !s.hasWithdrawnConsent && !s.heldBy && s.patientId === null && (
          // A received sample has no participant here: Order tests orders for its donor code (issue 31).
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            component={Link}
            to={`/orders/new/sample/${s.id}`}
          >
            {t('custody.orderTests')}
          </Button>
        )}
        {canOrder && !s.hasWithdrawnConsent && !s.heldBy && s.patientId !== null && (
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} component={Link} to="/orders/new">
            {t('custody.newOrder')}
          </Button>
        )}
      </Group>
      {orders.isPending && <Loader role="status" size="sm" type="dots" aria-label={t('custody.loadingOrders')} />}
      {orders.isError && (
        <Text size="sm" c="red.8">
          {t('custody.ordersFailed', { reason: orders.error.message })}
        </Text>
      )}
      {orders.isSuccess &&
        (orders.data.items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('custody.noOrders')}
            {canOrder && !s.hasWithdrawnConsent && !s.heldBy
              ? s.patientId === null
                ? t('custody.noOrdersDonor')
                : t('custody.noOrdersHint', { sampleId: s.sampleId })
              : ''}
          </Text>
        ) : (
          <>
            <Table striped withTableBorder aria-labelledby="orders-title" visibleFrom="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tree.sampleId')}</Table.Th>
                  <Table.Th>{t('custody.ordered')}</Table.Th>
                  <Table.Th>{t('custody.panels')}</Table.Th>
                  <Table.Th>{t('custody.releaseState')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.items.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <OrderLink order={o} />
                    </Table.Td>
                    <Table.Td>{isolated(formatDate(o.createdDate))}</Table.Td>
                    <Table.Td>{isolated(o.orderedPanels.join(', ') || '—')}</Table.Td>
                    <Table.Td>
                      <ReleaseBadge order={o} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {/* A phone has no room for four columns: one card per order instead. */}
            <Stack
              gap={6}
              component="ul"
              hiddenFrom="sm"
              aria-labelledby="orders-title"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {orders.data.items.map((o) => (
                <Paper key={o.id} component="li" withBorder radius="md" p="xs">
                  <Group justify="space-between" gap="xs">
                    <OrderLink order={o} />
                    <ReleaseBadge order={o} />
                  </Group>
                  <Text size="sm">{o.orderedPanels.join(', ') || '—'}</Text>
                  <Text size="xs" c="gray.7">
                    {t('custody.orderedOn', { date: formatDate(o.createdDate) })}
                  </Text>
                </Paper>
              ))}
            </Stack>
            {total > ORDERS_SHOWN && (
              <Text size="xs" c="gray.7">
                {t('custody.newest', { shown: ORDERS_SHOWN, total })}
              </Text>
            )}
          </>
        ))}
    </Stack>
  );
}
