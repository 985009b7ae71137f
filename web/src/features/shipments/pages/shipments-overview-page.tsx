import { useState } from 'react';
import { Box, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconInbox, IconPackageExport, IconPlus, IconChecks, IconFileImport } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ShipmentStatus } from '@contract/shipments.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useShipments, type Direction } from '../api/shipments';
import { shipmentColumns } from '../components/shipment-columns';
import { ImportManifestDialog } from '../components/import-manifest-dialog';

/**
 * Spec 2 §2 "A separate Shipments overview" (docs/shipments.md "Overview"): Requests are shipments other
 * institutions sent to us that still await receipt; Approved those we have received item by item;
 * Issued everything we sent or are preparing (drafts and cancelled ones included; the status says which).
 */
const VIEWS = {
  requests: {
    label: 'Requests',
    title: 'Shipment Requests',
    icon: IconInbox,
    direction: 'received',
    statuses: ['shipped', 'partially_received'],
    about: (inst: string) => `Shipments sent to ${inst} that wait for Accept or Reject.`,
    empty: 'No shipment waits for you.',
  },
  approved: {
    label: 'Approved',
    title: 'Approved Shipments',
    icon: IconChecks,
    direction: 'received',
    statuses: ['received'],
    about: (inst: string) => `Shipments sent to ${inst} whose every sample was accepted or rejected.`,
    empty: 'No shipment has been received yet.',
  },
  issued: {
    label: 'Issued',
    title: 'Issued Shipments',
    icon: IconPackageExport,
    direction: 'sent',
    statuses: undefined,
    about: (inst: string) => `Shipments ${inst} sent or is preparing (drafts).`,
    empty: 'No shipments sent yet.',
  },
} satisfies Record<
  string,
  {
    label: string;
    title: string;
    icon: typeof IconInbox;
    direction: Direction;
    statuses: ShipmentStatus[] | undefined;
    about: (inst: string) => string;
    empty: string;
  }
>;
type View = keyof typeof VIEWS;

export function ShipmentsOverviewPage() {
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
        <Box component="nav" aria-label="Shipments overview" w={{ base: '100%', sm: 200 }}>
          {(Object.keys(VIEWS) as View[]).map((key) => {
            const Icon = VIEWS[key].icon;
            return (
              <NavLink
                key={key}
                component={Link}
                to={`/shipment/overview/${key}`}
                label={VIEWS[key].label}
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
              {v.title}
            </Title>
            {canManage && (
              <Group gap="sm">
                <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                  Import manifest
                </Button>
                <Button component={Link} to="/shipment/new" leftSection={<IconPlus size={16} />}>
                  Create Shipment
                </Button>
              </Group>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {v.about(institution.title)} Newest first; click a row to open it.
          </Text>
          <PagedTable
            query={shipments}
            list={list}
            columns={shipmentColumns}
            cardTitle="name"
            emptyText={v.empty}
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
