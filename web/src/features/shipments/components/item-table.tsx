import type { ReactNode } from 'react';
import { Checkbox, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ShipmentItem } from '@contract/shipments.contract';
import { isolated } from '@/components/isolated';
import { formatDateTime, fullName } from '@/lib/format';
import { usePhone } from '@/lib/use-phone';
import { ItemStatusBadge } from './shipment-columns';
import { formatNumber } from '@/lib/format';
import { useTranslation } from 'react-i18next';

const amountOf = (i: ShipmentItem) =>
  `${formatNumber(i.collectedSample.amount, { maximumFractionDigits: 6 })} ${i.collectedSample.unitOfMeasurement.unitSymbol ?? ''}`.trim();
const donorOf = (i: ShipmentItem) =>
  i.collectedSample.donor
    ? `${fullName(i.collectedSample.donor)}${i.collectedSample.donor.mrn ? ` (${i.collectedSample.donor.mrn})` : ''}`
    : null;
const byOf = (i: ShipmentItem) =>
  i.processedAccount ? `${i.processedAccount.firstName} ${i.processedAccount.lastName}` : '';

/** The pending items (selectable on the receiving side) or the processed ones (status, reason, who, when). */
export interface Selection {
  chosen: Set<number>;
  all: boolean;
  some: boolean;
  toggle: (id: number, on: boolean) => void;
  toggleAll: (on: boolean) => void;
}
interface Props {
  label: string;
  items: ShipmentItem[];
  empty: string;
  select?: Selection;
  processed?: boolean;
  /** The receiver's Storage column: where the item is stored, or a Store action. */
  storage?: (i: ShipmentItem) => ReactNode;
}

export function ItemTable({ label, items, empty, select, processed = false, storage }: Props) {
  const { t } = useTranslation('shipments');
  const phone = usePhone();
  const withDonor = items.some((i) => i.collectedSample.donor);
  if (phone)
    return (
      <ItemCards label={label} items={items} empty={empty} select={select} processed={processed} storage={storage} />
    );
  const columns = 3 + (select ? 1 : 0) + (withDonor ? 1 : 0) + (processed ? 4 : 0) + (storage ? 1 : 0);
  return (
    // Wider than a narrow screen: the region scrolls sideways, so a keyboard user must be able to reach it (axe
    // scrollable-region-focusable; a scan right after a resize to phone width caught the table before its cards).
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Table
        striped
        withTableBorder
        aria-label={label}
        miw={items.length === 0 ? undefined : processed ? (storage ? 980 : 760) : 420}
      >
        <Table.Thead>
          <Table.Tr>
            {select && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('items.selectAll')}
                  checked={select.all}
                  indeterminate={!select.all && select.some}
                  disabled={items.length === 0}
                  onChange={(e) => select.toggleAll(e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>{t('items.sampleId')}</Table.Th>
            <Table.Th>{t('items.specimenType')}</Table.Th>
            <Table.Th>{t('items.amount')}</Table.Th>
            {withDonor && <Table.Th>{t('items.donor')}</Table.Th>}
            {processed && (
              <>
                <Table.Th>{t('items.status')}</Table.Th>
                <Table.Th>{t('items.reason')}</Table.Th>
                <Table.Th>{t('items.by')}</Table.Th>
                <Table.Th>{t('items.when')}</Table.Th>
              </>
            )}
            {storage && <Table.Th>{t('items.storage')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr
              key={i.id}
              onClick={select ? () => select.toggle(i.id, !select.chosen.has(i.id)) : undefined}
              style={select ? { cursor: 'pointer' } : undefined}
            >
              {select && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('items.select', { sampleId: i.collectedSample.sampleId })}
                    checked={select.chosen.has(i.id)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={(e) => select.toggle(i.id, e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td ff="monospace">{isolated(i.collectedSample.sampleId)}</Table.Td>
              <Table.Td>{i.collectedSample.specimenType?.title}</Table.Td>
              <Table.Td>{isolated(amountOf(i))}</Table.Td>
              {withDonor && <Table.Td>{isolated(donorOf(i))}</Table.Td>}
              {processed && (
                <>
                  <Table.Td miw={110}>
                    <ItemStatusBadge status={i.status} />
                  </Table.Td>
                  <Table.Td>{i.reason ?? ''}</Table.Td>
                  <Table.Td>{byOf(i)}</Table.Td>
                  <Table.Td>{isolated(formatDateTime(i.receivedDate))}</Table.Td>
                </>
              )}
              {storage && <Table.Td>{storage(i)}</Table.Td>}
            </Table.Tr>
          ))}
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text size="sm" c="gray.7" ta="center" py="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Below the `sm` breakpoint each item is a card, so nothing hides behind a sideways scroll. */
function ItemCards({ label, items, empty, select, processed, storage }: Props) {
  const { t } = useTranslation('shipments');
  if (items.length === 0)
    return (
      <Paper withBorder p="sm">
        <Text size="sm" c="gray.7" ta="center">
          {empty}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="xs">
      {/* Outside the list: a list holds only its items (axe: aria-required-children). */}
      {select && (
        <Checkbox
          label={t('items.selectAll')}
          checked={select.all}
          indeterminate={!select.all && select.some}
          onChange={(e) => select.toggleAll(e.currentTarget.checked)}
        />
      )}
      <Stack gap="xs" role="list" aria-label={label}>
        {items.map((i) => (
          <Paper key={i.id} withBorder p="sm" role="listitem" aria-label={i.collectedSample.sampleId}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {select ? (
                <Checkbox
                  label={
                    <Text span ff="monospace" fw={600}>
                      {i.collectedSample.sampleId}
                    </Text>
                  }
                  aria-label={t('items.select', { sampleId: i.collectedSample.sampleId })}
                  checked={select.chosen.has(i.id)}
                  onChange={(e) => select.toggle(i.id, e.currentTarget.checked)}
                />
              ) : (
                <Text ff="monospace" fw={600} size="sm">
                  {i.collectedSample.sampleId}
                </Text>
              )}
              {processed && <ItemStatusBadge status={i.status} />}
            </Group>
            <Text size="sm" mt={4}>
              {i.collectedSample.specimenType?.title} · {amountOf(i)}
            </Text>
            {donorOf(i) && (
              <Text size="sm" c="dimmed">
                {donorOf(i)}
              </Text>
            )}
            {processed && i.reason && <Text size="sm">{t('items.reasonText', { reason: i.reason })}</Text>}
            {processed && i.processedAccount && (
              <Text size="xs" c="dimmed">
                {isolated(byOf(i))}, {isolated(formatDateTime(i.receivedDate))}
              </Text>
            )}
            {storage && i.status === 'received' && (
              <Group mt={4} gap="xs">
                {storage(i)}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
