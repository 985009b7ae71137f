import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowBackUp, IconHandGrab, IconTruckDelivery } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  DistributeInput,
  MAX_REQUEST_RESERVATIONS,
  PickInput,
  ReturnInput,
  type DeliveryMethod,
  type PickSuggestion,
  type RequestItem,
  type ResearchRequest,
} from '@contract/requests.contract';
import { Dialog, DialogClose } from '@/components/dialog';
import { NumberField } from '@/components/number-field';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { ApiError, errorTitle } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import {
  useDistribute,
  usePick,
  useRecordReturns,
  useReleaseItem,
  useRequestItems,
  useShipmentChoices,
  useSuggestions,
} from '../api/requests';
import { ItemStateBadge } from './request-state-badge';
import { SimpleTable, type Column } from './simple-table';

const amountText = (amount: number, unit: string | null) => `${formatNumber(amount)}${unit ? ` ${unit}` : ''}`;

/** The first message of a failed contract check, by field. */
function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = i.path.map(String).join('.');
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}

/**
 * Staff's side of a request (requests.review sees it, requests.fulfil acts): the picked samples (by the lab's
 * sample ID, never the donor), their release, the pick list while approved, distribution and returns.
 */
export function Fulfilment({ request: r }: { request: ResearchRequest }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const items = useRequestItems(institution.id, r.id, true);
  const release = useReleaseItem(institution.id, r.id);
  const [distributing, setDistributing] = useState(false);
  const [returning, setReturning] = useState(false);
  const approved = r.state === 'approved';
  const afterDistribution = r.state === 'distributed' || r.state === 'returned';
  const reserved = (items.data ?? []).filter((i) => i.state === 'reserved');
  const distributed = (items.data ?? []).filter((i) => i.state === 'distributed');

  const columns: Column<RequestItem>[] = [
    { key: 'sampleId', title: t('items.sampleId'), render: (i) => i.sampleId },
    { key: 'type', title: t('items.type'), render: (i) => i.specimenType ?? '—' },
    { key: 'amount', title: t('items.amount'), render: (i) => amountText(i.amount, i.unit), align: 'right' },
    { key: 'state', title: t('items.state'), render: (i) => <ItemStateBadge state={i.state} /> },
    {
      key: 'consent',
      title: t('items.consent'),
      render: (i) =>
        i.state !== 'reserved' ? (
          '—'
        ) : i.eligible ? (
          t('items.eligible')
        ) : (
          <Text span size="sm" c="red.8" fw={600}>
            {t('items.notEligible')}
          </Text>
        ),
    },
    { key: 'code', title: t('items.code'), render: (i) => i.code ?? '—' },
    {
      key: 'returned',
      title: t('items.returned'),
      render: (i) => (i.returnedAmount ? amountText(i.returnedAmount, i.unit) : '—'),
      align: 'right',
    },
    ...(r.may.fulfil && approved
      ? [
          {
            key: 'actions',
            title: t('items.actions'),
            render: (i: RequestItem) =>
              i.state === 'reserved' ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={t('items.releaseLabel', { sampleId: i.sampleId })}
                  loading={release.isPending && release.variables?.itemId === i.id}
                  onClick={() =>
                    release.mutate(
                      { itemId: i.id, concurrencyStamp: r.concurrencyStamp, comment: null },
                      {
                        onSuccess: () =>
                          notifications.show({ color: 'teal', message: t('items.released', { sampleId: i.sampleId }) }),
                      },
                    )
                  }
                >
                  {t('items.release')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={2} fz="md">
              {t('items.heading')}
            </Title>
            <Group gap="sm">
              {r.may.fulfil && approved && (
                <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => setDistributing(true)}>
                  {t('distribute.button')}
                </Button>
              )}
              {r.may.fulfil && afterDistribution && distributed.length > 0 && (
                <Button variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={() => setReturning(true)}>
                  {t('returns.button')}
                </Button>
              )}
            </Group>
          </Group>
          {items.isPending && <Text size="sm">{t('items.loading')}</Text>}
          {items.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title={t('items.loadFailed')}>
              {errorTitle(items.error)}
            </Alert>
          )}
          {release.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title={errorTitle(release.error)} role="alert" />
          )}
          {items.isSuccess && items.data.length === 0 && (
            <Text size="sm" c="gray.7">
              {t('items.empty')}
            </Text>
          )}
          {items.isSuccess && items.data.length > 0 && (
            <SimpleTable rows={items.data} columns={columns} rowKey={(i) => i.id} caption={t('items.heading')} />
          )}
        </Stack>
      </Paper>
      {r.may.fulfil && approved && <Suggestions request={r} reservedCount={reserved.length} />}
      {distributing && (
        <DistributeDialog request={r} reservedCount={reserved.length} onClose={() => setDistributing(false)} />
      )}
      {returning && <ReturnsDialog request={r} items={distributed} onClose={() => setReturning(false)} />}
    </Stack>
  );
}

type SuggestionRow = PickSuggestion & { id: number };

/** The pick list: samples the request's query or criteria suggest, eligible now and reserved by no open request. */
function Suggestions({ request: r, reservedCount }: { request: ResearchRequest; reservedCount: number }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const list = useListState();
  const suggestions = useSuggestions(institution.id, r.id, { page: list.page, pageSize: list.pageSize }, true);
  const [picking, setPicking] = useState<SuggestionRow | null>(null);
  // The server refuses a pick past the cap (409 requests.too_many_reserved); the screen says so before it is tried.
  const full = reservedCount >= MAX_REQUEST_RESERVATIONS;
  const columns: DataTableColumn<SuggestionRow>[] = [
    { accessor: 'sampleId', title: t('suggestions.sampleId') },
    { accessor: 'specimenType', title: t('suggestions.type'), render: (s) => s.specimenType ?? '—' },
    {
      accessor: 'remainingAmount',
      title: t('suggestions.remaining'),
      textAlign: 'right',
      render: (s) => amountText(s.remainingAmount, s.unit),
    },
    { accessor: 'collectedDate', title: t('suggestions.collected'), render: (s) => formatDate(s.collectedDate) },
    {
      accessor: 'inStorage',
      title: t('suggestions.stored'),
      render: (s) => (s.inStorage ? t('suggestions.yes') : t('suggestions.no')),
    },
    {
      accessor: 'lineIndex',
      title: t('suggestions.matches'),
      render: (s) =>
        s.lineIndex == null ? t('suggestions.savedQuery') : t('suggestions.line', { n: s.lineIndex + 1 }),
    },
    {
      accessor: 'actions',
      title: t('items.actions'),
      render: (s) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconHandGrab size={14} />}
          aria-label={t('suggestions.pickLabel', { sampleId: s.sampleId })}
          disabled={full}
          onClick={(e) => {
            e.stopPropagation();
            setPicking(s);
          }}
        >
          {t('suggestions.pick')}
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md">
            {t('suggestions.heading')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('suggestions.intro')} {t('suggestions.held', { held: reservedCount, max: MAX_REQUEST_RESERVATIONS })}
          </Text>
        </div>
        {full && (
          <Alert color="yellow" icon={<IconAlertCircle />} title={t('suggestions.fullTitle')}>
            {t('suggestions.full', { max: MAX_REQUEST_RESERVATIONS })}
          </Alert>
        )}
        <PagedTable query={suggestions} list={list} columns={columns} emptyText={t('suggestions.empty')} />
      </Stack>
      {picking && <PickDialog request={r} suggestion={picking} onClose={() => setPicking(null)} />}
    </Paper>
  );
}

/** Reserve one suggested sample for the request, with how much of it to give (the line's amount, else all of it). */
function PickDialog({
  request: r,
  suggestion: s,
  onClose,
}: {
  request: ResearchRequest;
  suggestion: SuggestionRow;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const pick = usePick(institution.id, r.id);
  const line = s.lineIndex == null ? null : r.lines[s.lineIndex];
  const suggested = line?.amount != null && line.unitId === s.unitId ? line.amount : s.remainingAmount;
  const [amount, setAmount] = useState(String(suggested));
  const [problem, setProblem] = useState<string | null>(null);
  const conflict = pick.error instanceof ApiError && pick.error.status === 409;
  return (
    <Dialog onClose={onClose} title={t('pick.title', { sampleId: s.sampleId })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = PickInput.safeParse({
            concurrencyStamp: r.concurrencyStamp,
            picks: [{ collectedSampleId: s.collectedSampleId, amount }],
          });
          if (!parsed.success) return setProblem(Object.values(issuesOf(parsed.error))[0] ?? null);
          setProblem(null);
          pick.mutate(parsed.data, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('pick.done', { sampleId: s.sampleId }) });
              onClose();
            },
          });
        }}
      >
        <Stack>
          <Text size="sm">
            {t('pick.body', { remaining: amountText(s.remainingAmount, s.unit), type: s.specimenType ?? '—' })}
          </Text>
          <NumberField
            label={t('pick.amount', { unit: s.unit ?? '' })}
            withAsterisk
            value={amount}
            onChange={setAmount}
            error={problem}
            data-autofocus
          />
          {pick.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle />}
              title={conflict ? t('pick.conflict', { sampleId: s.sampleId }) : errorTitle(pick.error)}
              role="alert"
            >
              {conflict ? errorTitle(pick.error) : null}
            </Alert>
          )}
          <Group justify="flex-end">
            <DialogClose>{t('dialogs.back')}</DialogClose>
            <Button type="submit" loading={pick.isPending}>
              {t('pick.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Distribute the reserved, still eligible samples: handed over, or through an existing shipment. */
function DistributeDialog({
  request: r,
  reservedCount,
  onClose,
}: {
  request: ResearchRequest;
  reservedCount: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const distribute = useDistribute(institution.id, r.id);
  const [method, setMethod] = useState<DeliveryMethod>('handover');
  const [shipmentId, setShipmentId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shipments = useShipmentChoices(institution.id, method === 'shipment');
  const blockers = [
    ...(r.mta ? [] : [t('distribute.needsMta')]),
    ...(r.itemCount > 0 || reservedCount > 0 ? [] : [t('distribute.needsItems')]),
  ];
  return (
    <Dialog onClose={onClose} dirty={note.trim() !== ''} title={t('distribute.title', { title: r.title })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = DistributeInput.safeParse({
            concurrencyStamp: r.concurrencyStamp,
            method,
            shipmentId: method === 'shipment' ? shipmentId : null,
            note,
          });
          if (!parsed.success) return setErrors(issuesOf(parsed.error));
          setErrors({});
          distribute.mutate(parsed.data, {
            onSuccess: (done) => {
              notifications.show({ color: 'teal', message: t('distribute.done', { count: done.itemCount }) });
              onClose();
            },
          });
        }}
      >
        <Stack>
          <Text size="sm">{t('distribute.intro', { count: r.itemCount })}</Text>
          {blockers.map((b) => (
            <Alert key={b} color="orange" icon={<IconAlertCircle />} title={b} />
          ))}
          <Radio.Group
            label={t('distribute.method')}
            withAsterisk
            value={method}
            onChange={(v) => setMethod(v === 'shipment' ? 'shipment' : 'handover')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="handover" label={t('distribute.handover')} />
              <Radio value="shipment" label={t('distribute.shipment')} />
            </Stack>
          </Radio.Group>
          {method === 'shipment' && (
            <Select
              label={t('distribute.shipmentPick')}
              withAsterisk
              searchable
              data={(shipments.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              placeholder={shipments.isPending ? t('form.loading') : t('form.choose')}
              nothingFoundMessage={t('distribute.noShipment')}
              value={shipmentId}
              onChange={setShipmentId}
              error={errors.shipmentId}
            />
          )}
          <Textarea
            label={t('distribute.note')}
            description={t('distribute.noteHint')}
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
          {distribute.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title={errorTitle(distribute.error)} role="alert" />
          )}
          <Group justify="flex-end">
            <DialogClose>{t('dialogs.back')}</DialogClose>
            <Button type="submit" loading={distribute.isPending} disabled={blockers.length > 0}>
              {t('distribute.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Unused material back into its sample (the ledger's return): an amount per distributed sample, at most what is out. */
function ReturnsDialog({
  request: r,
  items,
  onClose,
}: {
  request: ResearchRequest;
  items: RequestItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const record = useRecordReturns(institution.id, r.id);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = Object.values(amounts).some((a) => a.trim() !== '') || reason.trim() !== '';
  return (
    <Dialog onClose={onClose} dirty={dirty} title={t('returns.title', { title: r.title })} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const chosen = items
            .filter((i) => (amounts[i.id] ?? '').trim() !== '')
            .map((i) => ({ itemId: i.id, amount: amounts[i.id] }));
          if (!chosen.length) return setProblem(t('returns.none'));
          const parsed = ReturnInput.safeParse({ concurrencyStamp: r.concurrencyStamp, items: chosen, reason });
          if (!parsed.success) return setProblem(Object.values(issuesOf(parsed.error))[0] ?? null);
          setProblem(null);
          record.mutate(parsed.data, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('returns.done') });
              onClose();
            },
          });
        }}
      >
        <Stack>
          <Text size="sm">{t('returns.intro')}</Text>
          {items.map((i) => {
            const out = i.amount - i.returnedAmount;
            return (
              <NumberField
                key={i.id}
                label={t('returns.amountLabel', { sampleId: i.sampleId, code: i.code ?? '—' })}
                description={t('returns.out', { amount: amountText(out, i.unit) })}
                value={amounts[i.id] ?? ''}
                onChange={(v) => setAmounts((prev) => ({ ...prev, [i.id]: v }))}
                disabled={out <= 0}
              />
            );
          })}
          <Textarea
            label={t('returns.reason')}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {(problem || record.isError) && (
            <Alert color="red" icon={<IconAlertCircle />} title={problem ?? errorTitle(record.error)} role="alert" />
          )}
          <Group justify="flex-end">
            <DialogClose>{t('dialogs.back')}</DialogClose>
            <Button type="submit" loading={record.isPending}>
              {t('returns.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
