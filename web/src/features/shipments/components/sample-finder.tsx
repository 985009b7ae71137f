import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { ShipmentCandidate } from '@contract/shipments.contract';
import { DateField } from '@/components/date-field';
import { useCurrentInstitution } from '@/lib/session-context';
import { usePhone } from '@/lib/use-phone';
import { useCandidates, type CandidateSearch } from '../api/shipments';
import { formatNumber } from '@/lib/format';
import { useTranslation } from 'react-i18next';

type By = 'sample' | 'mrn' | 'dates';

const amountOf = (c: Pick<ShipmentCandidate, 'amount' | 'unitOfMeasurement'>) =>
  `${formatNumber(c.amount, { maximumFractionDigits: 6 })} ${c.unitOfMeasurement.unitSymbol ?? c.unitOfMeasurement.unitName ?? ''}`.trim();

interface Props {
  chosen: ShipmentCandidate[];
  onChange: (next: ShipmentCandidate[]) => void;
}

/**
 * Step 2 "Shipment Items" (spec 2 §2): find the institution's shippable samples by sample ID, patient MRN or a
 * collected-date range (both dates), tick and add them; the chosen list below is what Submit ships.
 */
export function SampleFinder({ chosen, onChange }: Props) {
  const { t } = useTranslation('shipments');
  const { institution } = useCurrentInstitution();
  const [by, setBy] = useState<By>('sample');
  const [sampleId, setSampleId] = useState('');
  const [mrn, setMrn] = useState('');
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [search, setSearch] = useState<CandidateSearch | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const results = useCandidates(institution.id, search);
  // A phone shows what identifies a sample; the collected date and protocol would push the table sideways.
  const wide = !usePhone();
  const chosenIds = new Set(chosen.map((c) => c.id));
  const rows = results.data ?? [];
  const addable = rows.filter((r) => !chosenIds.has(r.id) && !r.hasWithdrawnConsent);

  const run = (event?: FormEvent) => {
    event?.preventDefault();
    event?.stopPropagation();
    setTicked(new Set());
    const next: CandidateSearch | null =
      by === 'sample'
        ? sampleId.trim()
          ? { sampleId: sampleId.trim() }
          : null
        : by === 'mrn'
          ? mrn.trim()
            ? { patientMrn: mrn.trim() }
            : null
          : start && end
            ? { startDate: start, endDate: end }
            : null;
    if (!next) {
      setHint(
        by === 'dates' ? t('finder.bothDates') : by === 'sample' ? t('finder.enterSample') : t('finder.enterMrn'),
      );
      return;
    }
    if ('startDate' in next && next.startDate > next.endDate) {
      setHint(t('finder.endBeforeStart'));
      return;
    }
    setHint(null);
    if (JSON.stringify(next) === JSON.stringify(search)) void results.refetch();
    setSearch(next);
  };
  const add = () => {
    onChange([...chosen, ...addable.filter((r) => ticked.has(r.id))]);
    setTicked(new Set());
  };
  const toggle = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allTicked = addable.length > 0 && addable.every((r) => ticked.has(r.id));

  return (
    <Stack gap="md">
      {/* Its own form: Enter searches here instead of submitting the shipment. */}
      <form onSubmit={run} noValidate aria-label={t('finder.name')}>
        <Tabs
          value={by}
          onChange={(v) => {
            if (v) {
              setBy(v as By);
              setHint(null);
            }
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="sample">{t('finder.bySample')}</Tabs.Tab>
            <Tabs.Tab value="mrn">{t('finder.byMrn')}</Tabs.Tab>
            <Tabs.Tab value="dates">{t('finder.byDates')}</Tabs.Tab>
          </Tabs.List>
          <Group align="flex-end" gap="sm" pt="md" wrap="wrap">
            {by === 'sample' && (
              <TextInput
                label={t('finder.sampleId')}
                value={sampleId}
                onChange={(e) => setSampleId(e.currentTarget.value)}
                w={{ base: '100%', xs: 280 }}
              />
            )}
            {by === 'mrn' && (
              <TextInput
                label={t('finder.mrn')}
                value={mrn}
                onChange={(e) => setMrn(e.currentTarget.value)}
                w={{ base: '100%', xs: 280 }}
              />
            )}
            {by === 'dates' && (
              <>
                <DateField label={t('finder.from')} value={start} onChange={setStart} w={{ base: '100%', xs: 180 }} />
                <DateField
                  label={t('finder.to')}
                  value={end}
                  onChange={setEnd}
                  minDate={start}
                  w={{ base: '100%', xs: 180 }}
                />
              </>
            )}
            <Button type="submit" variant="light" leftSection={<IconSearch size={16} />} loading={results.isFetching}>
              {t('finder.search')}
            </Button>
          </Group>
          {hint && (
            <Text size="sm" c="red.8" role="alert" mt={6}>
              {hint}
            </Text>
          )}
        </Tabs>
      </form>

      {results.isError && <Alert color="red" icon={<IconAlertCircle />} title={results.error.message} />}
      {search && results.isSuccess && (
        <Stack gap="xs">
          {/* Focusable when it scrolls sideways (a phone, longer words): a keyboard can scroll it (axe scrollable-region-focusable). */}
          <ScrollArea
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('finder.foundRegion') }}
          >
            <Table striped withTableBorder aria-label={t('finder.found')} miw={wide ? 520 : undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('finder.selectAll')}
                      checked={allTicked}
                      disabled={addable.length === 0}
                      indeterminate={!allTicked && addable.some((r) => ticked.has(r.id))}
                      onChange={(e) =>
                        setTicked(e.currentTarget.checked ? new Set(addable.map((r) => r.id)) : new Set())
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('finder.sampleId')}</Table.Th>
                  <Table.Th>{t('finder.specimenType')}</Table.Th>
                  <Table.Th>{t('finder.amount')}</Table.Th>
                  {wide && <Table.Th>{t('finder.collected')}</Table.Th>}
                  {wide && <Table.Th>{t('finder.protocol')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => {
                  const inList = chosenIds.has(r.id);
                  const blocked = inList || r.hasWithdrawnConsent;
                  return (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('finder.select', { sampleId: r.sampleId })}
                          checked={inList || ticked.has(r.id)}
                          disabled={blocked}
                          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                            {r.sampleId}
                          </Text>
                          {inList && (
                            <Badge size="xs" variant="light" color="gray">
                              {t('finder.added')}
                            </Badge>
                          )}
                          {r.hasWithdrawnConsent && (
                            <Badge size="xs" variant="light" color="red">
                              {t('finder.consentWithdrawn')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{r.specimenType?.title}</Table.Td>
                      <Table.Td>{amountOf(r)}</Table.Td>
                      {wide && <Table.Td>{r.collectedDate}</Table.Td>}
                      {wide && <Table.Td>{r.collectionProtocol?.title}</Table.Td>}
                    </Table.Tr>
                  );
                })}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={wide ? 6 : 4}>
                      <Text size="sm" c="gray.7" ta="center" py="md">
                        {t('finder.none')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} variant="light" disabled={ticked.size === 0} onClick={add}>
              {ticked.size ? t('finder.addSelectedCount', { n: ticked.size }) : t('finder.addSelected')}
            </Button>
          </Group>
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('finder.toShip', { n: chosen.length })}
        </Title>
        {chosen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('finder.noneChosen')}
          </Text>
        ) : (
          <Table withTableBorder aria-label={t('finder.toShipName')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('finder.sampleId')}</Table.Th>
                <Table.Th>{t('finder.specimenType')}</Table.Th>
                <Table.Th>{t('finder.amount')}</Table.Th>
                <Table.Th w={44}>
                  <VisuallyHidden>{t('finder.remove')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {chosen.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {c.sampleId}
                  </Table.Td>
                  <Table.Td>{c.specimenType?.title}</Table.Td>
                  <Table.Td>{amountOf(c)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('finder.removeOne', { sampleId: c.sampleId })}
                      onClick={() => onChange(chosen.filter((x) => x.id !== c.id))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
