import { useState } from 'react';
import { Box, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconInbox, IconPackageExport, IconPlus, IconChecks, IconFileImport } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ShipmentStatus } from '@contract/shipments.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useShipments, type Direction } from '../api/shipments';
import { useShipmentColumns } from '../components/shipment-columns';
import { ImportManifestDialog } from '../components/import-manifest-dialog';
import { useTranslation } from 'react-i18next';

/**
 * Spec 2 §2 "A separate Shipments overview" (docs/shipments.md "Overview"): Requests are shipments other
 * institutions sent to us that still await receipt; Approved those we have received item by item;
 * Issued everything we sent or are preparing (drafts and cancelled ones included; the status says which).
 * Each view's words are `overview.<view>` in the shipments catalogue.
 */
const VIEWS = {
  requests: {
    icon: IconInbox,
    direction: 'received',
    statuses: ['shipped', 'partially_received'],
  },
  approved: {
    icon: IconChecks,
    direction: 'received',
    statuses: ['received'],
  },
  issued: {
    icon: IconPackageExport,
    direction: 'sent',
    statuses: undefined,
  },
} satisfies Record<
  string,
  {
    icon: typeof IconInbox;
    direction: Direction;
    statuses: ShipmentStatus[] | undefined;
  }
>;
type View = keyof typeof VIEWS;

export function ShipmentsOverviewPage() {
  const { t } = useTranslation('shipments');
  const columns = useShipmentColumns();
  const { institution } = useCurrentInstitution();
  const canManage = useCan('shipments.manage');
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const list = useListState();
  const param = useParams().view;
  const view: View = param && param in VIEWS ? (param as View) : 'requests';
  const v = VIEWS[view];
  const shipments = useShipments(institution.id, {
    direction: v.direction,
    status: null,
    statuses: v.statuses,
    protocolId: null,
    search: '',
    page: list.page,
    pageSize: list.pageSize,
  });

  return (
    <Stack maw={1400} mx="auto">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label={t('overview.name')} w={{ base: '100%', sm: 200 }}>
          {(Object.keys(VIEWS) as View[]).map((key) => {
            const Icon = VIEWS[key].icon;
            return (
              <NavLink
                key={key}
                component={Link}
                to={`/shipment/overview/${key}`}
                label={t(`overview.${key}.label`)}
                active={key === view}
                aria-current={key === view ? 'page' : undefined}
                leftSection={<Icon size={18} />}
              />
            );
          })}
        </Box>
        <Stack style={{ flex: 1, minWidth: 0 }} gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={1} fz={26}>
              {t(`overview.${view}.title`)}
            </Title>
            {canManage && (
              <Group gap="sm">
                <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                  {t('overview.import')}
                </Button>
                <Button component={Link} to="/shipment/new" leftSection={<IconPlus size={16} />}>
                  {t('list.create')}
                </Button>
              </Group>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t(`overview.${view}.about`, { institution: institution.title })} {t('list.newestFirst')}
          </Text>
          <PagedTable
            query={shipments}
            list={list}
            columns={columns}
            cardTitle="name"
            emptyText={t(`overview.${view}.empty`)}
            onRowClick={(s) => void navigate(`/shipment/${s.id}`)}
          />
        </Stack>
      </Group>
      {canManage && (
        <ImportManifestDialog instId={institution.id} opened={importing} onClose={() => setImporting(false)} />
      )}
    </Stack>
  );
}
