import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, FileInput, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
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

/** Each outcome's word on the grid and in the list, and its legend colour (the words carry the meaning). */
export const OUTCOMES: Record<RackScanOutcome, { label: string; short: string; color: string; help: string }> = {
  match: { label: 'Match', short: 'MATCH', color: 'teal', help: 'the tube is the sample stored there' },
  moved: {
    label: 'Moved',
    short: 'MOVED',
    color: 'orange',
    help: 'one of our samples stored elsewhere (or nowhere yet)',
  },
  missing: { label: 'Missing', short: 'MISSING', color: 'red', help: 'stored here, not in the scan' },
  unknown: { label: 'Unknown', short: 'UNKNOWN', color: 'gray', help: 'not a sample in our custody' },
  empty: { label: 'Empty', short: 'EMPTY', color: 'gray', help: 'no tube' },
  noRead: { label: 'No read', short: 'NO READ', color: 'violet', help: 'the scanner could not read the tube' },
};

const RANK: Record<RackScanOutcome, number> = { match: 0, moved: 0, unknown: 0, missing: 1, empty: 2, noRead: 2 };

/** The box's positions by row and column, each with its scan entries: the scanned line first, a missing sample after it. */
function ScanGrid({ box, positions, scan }: { box: StorageNode; positions: BoxPosition[]; scan: RackScanResult }) {
  const byPosition = new Map<number, RackScanEntry[]>();
  for (const e of scan.entries) byPosition.set(e.positionId, [...(byPosition.get(e.positionId) ?? []), e]);
  const cells = [...positions].sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
  return (
    <div style={{ overflowX: 'auto' }}>
      <div
        className={classes.grid}
        role="list"
        aria-label={`Scan of ${box.title} by position`}
        style={{ gridTemplateColumns: `repeat(${box.columns}, minmax(52px, 1fr))`, minWidth: box.columns * 56 }}
      >
        {cells.map((p) => {
          // A tube found here leads; a missing sample comes before "empty" or "no read", which say less.
          const entries = [...(byPosition.get(p.id) ?? [])].sort((a, b) => RANK[a.outcome] - RANK[b.outcome]);
          const [first, second] = entries;
          const words = entries.map(
            (e) =>
              `${OUTCOMES[e.outcome].label}${e.sample ? ` ${e.sample.sampleId}` : e.barcode ? ` ${e.barcode}` : ''}${e.outcome === 'moved' ? ` from ${e.from?.positionCode ?? 'not stored'}` : ''}`,
          );
          return (
            <div
              key={p.id}
              role="listitem"
              className={classes.scanCell}
              data-outcome={first?.outcome}
              aria-label={`${p.code}: ${words.join('; ') || 'not in the scan'}`}
            >
              <span className={classes.cellCode}>{p.code}</span>
              <span className={classes.scanState}>{first ? OUTCOMES[first.outcome].short : '—'}</span>
              {first?.outcome === 'moved' && (
                <span className={classes.scanFrom}>from {first.from?.positionCode ?? 'none'}</span>
              )}
              {second && <span className={classes.scanFrom}>+ {OUTCOMES[second.outcome].short}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function ScanList({ scan, boxId }: { scan: RackScanResult; boxId: number }) {
  const shown = scan.entries.filter((e) => e.outcome !== 'empty');
  if (!shown.length)
    return (
      <Text size="sm" c="dimmed">
        No tubes in the scan.
      </Text>
    );
  const where = (e: RackScanEntry) =>
    !e.from ? 'not stored' : e.from.boxId === boxId ? e.from.positionCode : e.from.label;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder aria-label="Scan outcomes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Position</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Tube / sample</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((e) => (
            <Table.Tr key={`${e.positionId}-${e.outcome}-${e.line ?? 'm'}`}>
              <Table.Td>{e.position}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={OUTCOMES[e.outcome].color}>
                  {OUTCOMES[e.outcome].label}
                </Badge>
              </Table.Td>
              <Table.Td>{e.sample?.sampleId ?? e.barcode ?? '—'}</Table.Td>
              <Table.Td>
                {e.outcome === 'moved' && `${where(e)} → ${e.position}`}
                {e.outcome === 'missing' && 'Stored here, not in the scan'}
                {e.outcome === 'unknown' && 'Not a sample in our custody'}
                {e.outcome === 'noRead' && (e.expected ? `Stored here: ${e.expected.sampleId}` : '')}
                {e.outcome === 'match' && (e.line ? `Line ${e.line}` : '')}
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
      setProblem("Choose the scanner's CSV file.");
      return;
    }
    if (file.size > MAX_RACK_SCAN_BYTES) {
      setProblem('The scan file is larger than 1 MiB.');
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
    <Dialog onClose={onClose} dirty={file !== null && !applied} title={`Reconcile rack scan: ${box.title}`} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Upload the 2D rack scanner&apos;s CSV (Ziath DataPaq, FluidX / Azenta, or position,barcode lines). Reading
          changes nothing.
        </Text>
        <Group align="flex-end" gap="xs">
          <FileInput
            label="Scan file"
            placeholder="Choose a .csv file"
            accept=".csv,.txt,text/csv,text/plain"
            leftSection={<IconFileUpload size={16} />}
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button onClick={() => void readScan()} loading={read.isPending}>
            Read scan
          </Button>
        </Group>
        {problem && <Alert color="red" title={problem} />}
        {applied && (
          <Alert
            color="teal"
            title={`Applied: ${applied.moved} sample${applied.moved === 1 ? '' : 's'} moved, ${applied.vacated} taken out.`}
          >
            The grid below is the box read again against the same scan.
          </Alert>
        )}
        {scan && (
          <>
            {scan.errors.length > 0 && (
              <Alert
                color="red"
                title={`${scan.errors.length} line${scan.errors.length === 1 ? '' : 's'} of the file could not be read: fix the file and read it again before applying.`}
              >
                <List size="sm" aria-label="Lines in error">
                  {scan.errors.slice(0, 50).map((e) => (
                    <List.Item key={e.line}>
                      Line {e.line}: {e.message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group gap="xs" aria-label="Legend" role="list">
              {(Object.keys(OUTCOMES) as RackScanOutcome[]).map((o) => (
                <Badge key={o} role="listitem" variant="light" color={OUTCOMES[o].color} title={OUTCOMES[o].help}>
                  {OUTCOMES[o].label}: {scan.counts[o] ?? 0}
                </Badge>
              ))}
              <Text size="xs" c="dimmed" role="listitem">
                — not in the scan
              </Text>
            </Group>
            <ScanGrid box={box} positions={positions} scan={scan} />
            <ScanList scan={scan} boxId={box.id} />
            {!applied && (
              <>
                {missing > 0 && (
                  <Group align="flex-end" gap="sm">
                    <Checkbox
                      label={`Also take out the ${missing} missing sample${missing === 1 ? '' : 's'}`}
                      checked={vacateMissing}
                      onChange={(e) => setVacateMissing(e.currentTarget.checked)}
                    />
                    {vacateMissing && (
                      <TextInput
                        label="Reason"
                        placeholder="Not in the rack scan"
                        value={reason}
                        onChange={(e) => setReason(e.currentTarget.value)}
                      />
                    )}
                  </Group>
                )}
                {confirming ? (
                  <Alert
                    color="yellow"
                    title={`Apply ${moves} move${moves === 1 ? '' : 's'}${vacateMissing && missing ? ` and take out ${missing} missing sample${missing === 1 ? '' : 's'}` : ''}?`}
                  >
                    <Text size="sm" mb="xs">
                      All changes are made together, or none if the box changed since the scan was read.
                    </Text>
                    <Group gap="xs">
                      <Button color="orange" onClick={() => void applyMoves()} loading={apply.isPending}>
                        Confirm
                      </Button>
                      <Button variant="default" onClick={() => setConfirming(false)}>
                        Cancel
                      </Button>
                    </Group>
                  </Alert>
                ) : (
                  <Group justify="flex-end" gap="xs">
                    <DialogClose />
                    <Button onClick={() => setConfirming(true)} disabled={!changes || scan.errors.length > 0}>
                      Apply moves
                    </Button>
                  </Group>
                )}
              </>
            )}
            {applied && (
              <Group justify="flex-end">
                <Button onClick={onClose}>Close</Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Dialog>
  );
}
