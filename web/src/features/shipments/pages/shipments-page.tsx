import { lazy, Suspense } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@contract/shipments.contract';
import { PagedTable } from '@/components/paged-table';
import { PageLoader } from '@/components/page-loader';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useProtocolOptions, useShipments, type Direction } from '../api/shipments';
import { statusLabel, useShipmentColumns } from '../components/shipment-columns';
import { useTranslation } from 'react-i18next';

const CreateShipmentPage = lazy(() =>
  import('./create-shipment-page').then((m) => ({ default: m.CreateShipmentPage })),
);

const asStatus = (v: string | null) =>
  (SHIPMENT_STATUSES as readonly string[]).includes(v ?? '') ? (v as ShipmentStatus) : null;

/**
 * Spec 2 §2 "Shipments": the mandatory SENT / RECEIVED toggle (default SENT, kept in the URL as `direction`),
 * filters by status and (for sent shipments, whose protocol is the sender's) protocol, and the paged list.
 */
export function ShipmentsPage({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation('shipments');
  const columns = useShipmentColumns();
  const DIRECTIONS = [
    { value: 'sent', label: t('list.sent') },
    { value: 'received', label: t('list.received') },
  ];
  const STATUS_OPTIONS = [
    { value: 'all', label: t('list.all') },
    ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
  ];
  const { institution } = useCurrentInstitution();
  const canManage = useCan('shipments.manage');
  const navigate = useNavigate();
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const direction: Direction = params.get('direction') === 'received' ? 'received' : 'sent';
  const status = asStatus(params.get('Status'));
  const protocolParam = Number(params.get('protocol'));
  const protocolId = Number.isInteger(protocolParam) && protocolParam > 0 ? protocolParam : null;
  const protocols = useProtocolOptions(institution.id);
  const shipments = useShipments(institution.id, {
    direction,
    status,
    protocolId,
    search: list.search,
    page: list.page,
    pageSize: list.pageSize,
  });

  const setParam = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('PageNumber');
      return next;
    });
  const filtered = status || (direction === 'sent' && protocolId) || list.search;

  return (
    <Stack maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {t('list.title')}
        </Title>
        {canManage && (
          <Button
            component={Link}
            to={{ pathname: '/shipment/new', search: params.toString() }}
            leftSection={<IconPlus size={16} />}
          >
            {t('list.create')}
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="shipment-direction">
            {t('list.direction')}
          </Text>
          <SegmentedControl
            aria-labelledby="shipment-direction"
            data={DIRECTIONS}
            value={direction}
            onChange={(v) => setParam('direction', v === 'received' ? 'received' : null)}
          />
        </Stack>
        <Select
          label={t('list.status')}
          data={direction === 'sent' ? STATUS_OPTIONS : STATUS_OPTIONS.filter((o) => o.value !== 'draft')}
          value={status ?? 'all'}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
          onChange={(v) => setParam('Status', asStatus(v))}
        />
        {direction === 'sent' && (
          <Select
            label={t('list.protocol')}
            data={protocols.data ?? []}
            value={protocolId ? String(protocolId) : null}
            clearable
            searchable
            placeholder={t('list.allProtocols')}
            w={{ base: '100%', xs: 280 }}
            onChange={(v) => setParam('protocol', v)}
          />
        )}
        <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('list.search')} />
      </Group>
      <Text size="xs" c="dimmed">
        {direction === 'sent'
          ? t('list.sentHint', { institution: institution.title })
          : t('list.receivedHint', { institution: institution.title })}{' '}
        {t('list.newestFirst')}
      </Text>
      <PagedTable
        query={shipments}
        list={list}
        columns={columns}
        cardTitle="name"
        emptyText={filtered ? t('list.noMatch') : direction === 'sent' ? t('list.noneSent') : t('list.noneReceived')}
        onRowClick={(s) => void navigate(`/shipment/${s.id}`)}
      />
      {creating && (
        <Suspense fallback={<PageLoader />}>
          <CreateShipmentPage />
        </Suspense>
      )}
    </Stack>
  );
}
