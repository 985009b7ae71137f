import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, FileInput, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  MAX_RACK_SCAN_BYTES,
  type RackScanEntry,
  type RackScanOutcome,
  type RackScanResult,
} from '@contract/rack-scan.contract';
import type { BoxPosition, PathRef, StorageNode } from '@contract/storage.contract';
import { errorTitle } from '@/lib/api-client';
import { useCurrentInstitution } from '@/lib/session-context';
import { useApplyRackScan, useRackScan } from '../api/storage';
import classes from './storage.module.css';
import { Dialog, DialogClose } from '@/components/dialog';

/** Each outcome's legend colour (the words, storage.rackScan.outcomes, carry the meaning). */
const COLORS: Record<RackScanOutcome, string> = {
  match: 'teal',
  moved: 'orange',
  missing: 'red',
  unknown: 'gray',
  empty: 'gray',
  noRead: 'violet',
};
const OUTCOME_ORDER = Object.keys(COLORS) as RackScanOutcome[];
type Words = TFunction<'storage'>;
const label = (t: Words, o: RackScanOutcome) => t(`rackScan.outcomes.${o}.label`);
const short = (t: Words, o: RackScanOutcome) => t(`rackScan.outcomes.${o}.short`);

const RANK: Record<RackScanOutcome, number> = { match: 0, moved: 0, unknown: 0, missing: 1, empty: 2, noRead: 2 };

/** The box's positions by row and column, each with its scan entries: the scanned line first, a missing sample after it. */
function ScanGrid({ box, positions, scan }: { box: StorageNode; positions: BoxPosition[]; scan: RackScanResult }) {
  const { t } = useTranslation('storage');
  const byPosition = new Map<number, RackScanEntry[]>();
  for (const e of scan.entries) byPosition.set(e.positionId, [...(byPosition.get(e.positionId) ?? []), e]);
  const cells = [...positions].sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
  return (
    // Focusable: a box of many columns scrolls sideways on a phone (axe scrollable-region-focusable).
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('rackScan.gridRegion')}>
      <div
        className={classes.grid}
        role="list"
        aria-label={t('rackScan.gridName', { box: box.title })}
        style={{ gridTemplateColumns: `repeat(${box.columns}, minmax(52px, 1fr))`, minWidth: box.columns * 56 }}
      >
        {cells.map((p) => {
          // A tube found here leads; a missing sample comes before "empty" or "no read", which say less.
          const entries = [...(byPosition.get(p.id) ?? [])].sort((a, b) => RANK[a.outcome] - RANK[b.outcome]);
          const [first, second] = entries;
          const words = entries.map((e) => {
            const what = [label(t, e.outcome), e.sample?.sampleId ?? e.barcode ?? ''].filter(Boolean).join(' ');
            return e.outcome === 'moved'
              ? t('rackScan.cellMoved', { what, from: e.from?.positionCode ?? t('rackScan.notStored') })
              : what;
          });
          return (
            <div
              key={p.id}
              role="listitem"
              className={classes.scanCell}
              data-outcome={first?.outcome}
              aria-label={t('rackScan.cellName', { code: p.code, words: words.join('; ') || t('rackScan.notInScan') })}
            >
              <span className={classes.cellCode}>{p.code}</span>
              <span className={classes.scanState}>{first ? short(t, first.outcome) : '—'}</span>
              {first?.outcome === 'moved' && (
                <span className={classes.scanFrom}>
                  {t('rackScan.from', { from: first.from?.positionCode ?? t('rackScan.none') })}
                </span>
              )}
              {second && <span className={classes.scanFrom}>+ {short(t, second.outcome)}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function ScanList({ scan, boxId }: { scan: RackScanResult; boxId: number }) {
  const { t } = useTranslation('storage');
  const shown = scan.entries.filter((e) => e.outcome !== 'empty');
  if (!shown.length)
    return (
      <Text size="sm" c="dimmed">
        {t('rackScan.noTubes')}
      </Text>
    );
  const where = (e: RackScanEntry) =>
    !e.from ? t('rackScan.notStored') : e.from.boxId === boxId ? e.from.positionCode : e.from.label;
  return (
    // Focusable, as it scrolls sideways on a phone: a keyboard can scroll it (axe scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={600}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('rackScan.listRegion') } }}
    >
      <Table striped withTableBorder aria-label={t('rackScan.listName')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rackScan.columns.position')}</Table.Th>
            <Table.Th>{t('rackScan.columns.outcome')}</Table.Th>
            <Table.Th>{t('rackScan.columns.tube')}</Table.Th>
            <Table.Th>{t('rackScan.columns.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((e) => (
            <Table.Tr key={`${e.positionId}-${e.outcome}-${e.line ?? 'm'}`}>
              <Table.Td>{e.position}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={COLORS[e.outcome]}>
                  {label(t, e.outcome)}
                </Badge>
              </Table.Td>
              <Table.Td>{e.sample?.sampleId ?? e.barcode ?? '—'}</Table.Td>
              <Table.Td>
                {e.outcome === 'moved' && `${where(e)} → ${e.position}`}
                {e.outcome === 'missing' && t('rackScan.detail.missing')}
                {e.outcome === 'unknown' && t('rackScan.detail.unknown')}
                {e.outcome === 'noRead' &&
                  (e.expected ? t('rackScan.detail.storedHere', { sample: e.expected.sampleId }) : '')}
                {e.outcome === 'match' && (e.line ? t('rackScan.detail.line', { line: e.line }) : '')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Reconcile rack scan (docs/storage.md "Rack-scanner reconcile"): the scanner's CSV file is read against
 * the box, shown on its grid by outcome with a legend and a list, and its moves applied after a confirmation.
 */
export function RackScanDialog({
  box,
  boxPath,
  positions,
  onClose,
}: {
  box: StorageNode;
  boxPath: PathRef[];
  positions: BoxPosition[];
  onClose: () => void;
}) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('storage');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [scan, setScan] = useState<RackScanResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [vacateMissing, setVacateMissing] = useState(false);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState<{ moved: number; vacated: number } | null>(null);
  const read = useRackScan(institution.id, boxPath);
  const apply = useApplyRackScan(institution.id, boxPath);

  const readScan = async () => {
    setProblem(null);
    setApplied(null);
    setConfirming(false);
    if (!file) {
      setProblem(t('rackScan.chooseFile'));
      return;
    }
    if (file.size > MAX_RACK_SCAN_BYTES) {
      setProblem(t('rackScan.tooLarge'));
      return;
    }
    try {
      const text = await file.text();
      setCsv(text);
      setScan(await read.mutateAsync(text));
    } catch (e) {
      setProblem(errorTitle(e));
    }
  };
  const applyMoves = async () => {
    if (!scan) return;
    setProblem(null);
    try {
      const done = await apply.mutateAsync({
        csv,
        scanStamp: scan.scanStamp,
        vacateMissing,
        vacateReason: reason.trim() || null,
      });
      setApplied({ moved: done.moved, vacated: done.vacated });
      setScan(done.scan);
      setConfirming(false);
    } catch (e) {
      setProblem(errorTitle(e));
      setConfirming(false);
    }
  };
  const moves = scan?.counts.moved ?? 0;
  const missing = scan?.counts.missing ?? 0;
  const changes = moves + (vacateMissing ? missing : 0);

  return (
    <Dialog
      onClose={onClose}
      dirty={file !== null && !applied}
      title={t('rackScan.title', { box: box.title })}
      size="xl"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('rackScan.intro')}
        </Text>
        <Group align="flex-end" gap="xs">
          <FileInput
            label={t('rackScan.file')}
            placeholder={t('rackScan.filePlaceholder')}
            accept=".csv,.txt,text/csv,text/plain"
            leftSection={<IconFileUpload size={16} />}
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': t('rackScan.clearFile') }}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button onClick={() => void readScan()} loading={read.isPending}>
            {t('rackScan.read')}
          </Button>
        </Group>
        {problem && <Alert color="red" title={problem} />}
        {applied && (
          <Alert
            color="teal"
            title={t('rackScan.applied', {
              moved: t('rackScan.samplesMoved', { count: applied.moved }),
              vacated: t('rackScan.takenOut', { count: applied.vacated }),
            })}
          >
            {t('rackScan.appliedText')}
          </Alert>
        )}
        {scan && (
          <>
            {scan.errors.length > 0 && (
              <Alert color="red" title={t('rackScan.linesInError', { count: scan.errors.length })}>
                <List size="sm" aria-label={t('rackScan.linesInErrorName')}>
                  {scan.errors.slice(0, 50).map((e) => (
                    <List.Item key={e.line}>{t('rackScan.lineError', { line: e.line, message: e.message })}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group gap="xs" aria-label={t('rackScan.legend')} role="list">
              {OUTCOME_ORDER.map((o) => (
                <Badge
                  key={o}
                  role="listitem"
                  variant="light"
                  color={COLORS[o]}
                  title={t(`rackScan.outcomes.${o}.help`)}
                >
                  {t('rackScan.legendCount', { outcome: label(t, o), count: scan.counts[o] ?? 0 })}
                </Badge>
              ))}
              <Text size="xs" c="dimmed" role="listitem">
                {t('rackScan.legendDash')}
              </Text>
            </Group>
            <ScanGrid box={box} positions={positions} scan={scan} />
            <ScanList scan={scan} boxId={box.id} />
            {!applied && (
              <>
                {missing > 0 && (
                  <Group align="flex-end" gap="sm">
                    <Checkbox
                      label={t('rackScan.alsoTakeOut', { count: missing })}
                      checked={vacateMissing}
                      onChange={(e) => setVacateMissing(e.currentTarget.checked)}
                    />
                    {vacateMissing && (
                      <TextInput
                        label={t('rackScan.reason')}
                        placeholder={t('rackScan.reasonPlaceholder')}
                        value={reason}
                        onChange={(e) => setReason(e.currentTarget.value)}
                      />
                    )}
                  </Group>
                )}
                {confirming ? (
                  <Alert
                    color="yellow"
                    title={
                      vacateMissing && missing
                        ? t('rackScan.confirmBoth', {
                            moves: t('rackScan.moves', { count: moves }),
                            missing: t('rackScan.missingSamples', { count: missing }),
                          })
                        : t('rackScan.confirmMoves', { moves: t('rackScan.moves', { count: moves }) })
                    }
                  >
                    <Text size="sm" mb="xs">
                      {t('rackScan.together')}
                    </Text>
                    <Group gap="xs">
                      <Button color="orange" onClick={() => void applyMoves()} loading={apply.isPending}>
                        {t('rackScan.confirm')}
                      </Button>
                      <Button variant="default" onClick={() => setConfirming(false)}>
                        {t('rackScan.cancel')}
                      </Button>
                    </Group>
                  </Alert>
                ) : (
                  <Group justify="flex-end" gap="xs">
                    <DialogClose />
                    <Button onClick={() => setConfirming(true)} disabled={!changes || scan.errors.length > 0}>
                      {t('rackScan.apply')}
                    </Button>
                  </Group>
                )}
              </>
            )}
            {applied && (
              <Group justify="flex-end">
                <Button onClick={onClose}>{t('rackScan.close')}</Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Dialog>
  );
}
