import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { autoMapping } from '@contract/import-headers';
import {
  AVAILABLE_IMPORT_KINDS,
  IMPORT_COLUMNS,
  IMPORT_PERMISSION,
  type DryRunResult,
  type ImportKind,
} from '@contract/imports.contract';
import { ComingSoon } from '@/components/coming-soon';
import { errorTitle } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/mutation-effects';
import { useCurrentInstitution, usePermissionCheck } from '@/lib/session-context';
import { usePhone } from '@/lib/use-phone';
import { commitImport, downloadTemplate, dryRun, headerOf, sha256, type ImportFile } from '../api/imports';
import { MappingTable } from '../components/mapping-table';
import { MappingTemplates } from '../components/mapping-templates';

const KIND_LABELS: Record<ImportKind, string> = {
  participants: 'Participants',
  samples: 'Samples',
  storage: 'Storage containers',
};

interface Loaded {
  name: string;
  file: File;
  hash: string;
  headers: string[];
}
type Done = Awaited<ReturnType<typeof commitImport>>;

/** Configuration > Import Data (issue 17; docs/imports.md): template, file, column mapping, dry run, import with progress. */
export function ImportPage() {
  const { institution } = useCurrentInstitution();
  const [kind, setKind] = useState<ImportKind>('participants');
  const can = usePermissionCheck();
  // Three kinds side by side are wider than a phone: there they stack.
  const phone = usePhone();
  return (
    <Stack maw={1100}>
      <Title order={1} fz={26}>
        Import data
      </Title>
      <SegmentedControl
        w={phone ? '100%' : 'fit-content'}
        orientation={phone ? 'vertical' : 'horizontal'}
        value={kind}
        onChange={(v) => setKind(v as ImportKind)}
        aria-label="What to import"
        data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
      />
      {!AVAILABLE_IMPORT_KINDS.includes(kind) ? (
        <ComingSoon area={`Importing ${KIND_LABELS[kind].toLowerCase()}`} />
      ) : can(IMPORT_PERMISSION[kind]) ? (
        <KindImport key={kind} instId={institution.id} kind={kind} />
      ) : (
        <Alert color="yellow" title="You may not import this" maw={640}>
          Importing {KIND_LABELS[kind].toLowerCase()} needs the permission to create them one by one (
          {IMPORT_PERMISSION[kind]}).
        </Alert>
      )}
    </Stack>
  );
}

function KindImport({ instId, kind }: { instId: number; kind: ImportKind }) {
  const columns = IMPORT_COLUMNS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<(DryRunResult & { mappingKey: string }) | null>(null);
  const [busy, setBusy] = useState<'dry' | 'import' | null>(null);
  const [progress, setProgress] = useState<{ processed: number; total: number } | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (f: File | null) => {
    setFile(f);
    setCheck(null);
    setDone(null);
    setFailure(null);
    setProgress(null);
    if (!f) {
      setLoaded(null);
      return;
    }
    // Only the header is read here (the mapping); the file goes to the server as it is, streamed.
    const headers = headerOf(await f.slice(0, 64 * 1024).text());
    setLoaded({ name: f.name, file: f, hash: await sha256(f), headers });
    // A header chosen before (the corrected file chosen again) keeps its mapping (issue 28); a new one is matched
    // to a field by its key, label or a synonym ('First Name', 'first_name', 'DOB'), else it is ignored.
    setMapping((before) => autoMapping(headers, columns, before));
  };
  const mappingKey = JSON.stringify(mapping);
  const body = (): ImportFile => ({ file: loaded!.file, fileName: loaded!.name, mapping });
  const clean =
    check !== null && check.errorCount === 0 && check.fileSha256 === loaded?.hash && check.mappingKey === mappingKey;

  const queryClient = useQueryClient();
  const runDry = async () => {
    setBusy('dry');
    setDone(null);
    setFailure(null);
    try {
      setCheck({ ...(await dryRun(instId, kind, body())), mappingKey });
    } catch {
      setCheck(null);
    } finally {
      setBusy(null);
    }
  };
  const runImport = async () => {
    setBusy('import');
    setFailure(null);
    setProgress({ processed: 0, total: check?.rowCount ?? 0 });
    try {
      setDone(await commitImport(instId, kind, body(), (processed, total) => setProgress({ processed, total })));
      await invalidateAfter(queryClient, 'imports.commit', instId);
    } catch (e) {
      setFailure(errorTitle(e, 'The import failed; nothing was written.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            1. Get the template
          </Title>
          <Text size="sm" c="dimmed">
            One header row and one example row. Titles (gender, race, labeling schema, …) are those of this
            institution&apos;s configuration lists; several races or ethnicities are separated by ;. Storage rows name
            their parent by its code path (F1/S1/R1), parents first. Sample rows name the participant by MRN and the
            protocol by code or title; a parent sample ID makes an aliquot (of a sample here or a row above), and box
            (F1/S1/R1/D1/B1) with position (A1) stores it.
          </Text>
          <Button variant="light" w="fit-content" onClick={() => void downloadTemplate(instId, kind)}>
            Download template
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            2. Choose the file and map its columns
          </Title>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => void choose(f)}
            clearable
            maw={420}
          />
          {loaded && (
            <>
              <MappingTable headers={loaded.headers} columns={columns} mapping={mapping} onChange={setMapping} />
              <MappingTemplates
                instId={instId}
                kind={kind}
                headers={loaded.headers}
                mapping={mapping}
                onApply={setMapping}
              />
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            3. Dry run, then import
          </Title>
          <Text size="sm" c="dimmed">
            The dry run checks every row and changes nothing. Import is enabled after a dry run of this file and mapping
            without problems; it writes all rows or none.
          </Text>
          <Group>
            <Button onClick={() => void runDry()} disabled={!loaded || busy !== null} loading={busy === 'dry'}>
              Dry run
            </Button>
            <Button
              color="green"
              onClick={() => void runImport()}
              disabled={!clean || busy !== null || done !== null}
              loading={busy === 'import'}
            >
              Import
            </Button>
          </Group>
          {check && <CheckResult check={check} kind={kind} stale={!clean && check.errorCount === 0} />}
          {progress && (busy === 'import' || done) && (
            <Stack gap={4}>
              <Progress
                value={progress.total ? (100 * progress.processed) / progress.total : 0}
                size="lg"
                aria-label="Import progress"
              />
              <Text size="sm">
                {progress.processed.toLocaleString()} of {progress.total.toLocaleString()} rows written
              </Text>
            </Stack>
          )}
          {failure && (
            <Alert color="red" title="Nothing was imported">
              {failure}
            </Alert>
          )}
          {done && (
            <Alert
              color="green"
              title={`Imported ${done.rowCount.toLocaleString()} ${KIND_LABELS[kind].toLowerCase()}`}
            >
              <Stack gap={4}>
                <Text size="sm">
                  File SHA-256 {done.fileSha256.slice(0, 16)}… is recorded in the audit log as one import.
                </Text>
                {kind === 'participants' ? (
                  <Group gap="md">
                    <Anchor component={Link} to="/patients">
                      Open the participant list
                    </Anchor>
                    {done.firstId && (
                      <Anchor component={Link} to={`/patients/${done.firstId}`}>
                        First imported participant
                      </Anchor>
                    )}
                    {done.lastId && done.lastId !== done.firstId && (
                      <Anchor component={Link} to={`/patients/${done.lastId}`}>
                        Last imported participant
                      </Anchor>
                    )}
                  </Group>
                ) : kind === 'samples' ? (
                  <Anchor component={Link} to="/collection-protocols">
                    Open Collection Protocols (each protocol lists its collected samples)
                  </Anchor>
                ) : (
                  <Anchor component={Link} to="/configuration/storage-container">
                    Open Storage Container
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A problem's field in words ('Birth date', not birthDate); a field the kind does not know (a whole-row problem) as sent. */
const fieldLabel = (kind: ImportKind, field: string) =>
  IMPORT_COLUMNS[kind].find((c) => c.field === field)?.label ?? field;

function CheckResult({ check, kind, stale }: { check: DryRunResult; kind: ImportKind; stale: boolean }) {
  if (stale)
    return (
      <Alert color="yellow" title="The file or mapping changed">
        Run the dry run again before importing.
      </Alert>
    );
  if (!check.errorCount)
    return (
      <Alert
        color="green"
        title="No problems found"
      >{`${check.rowCount.toLocaleString()} rows are ready to import.`}</Alert>
    );
  const lines = new Set(check.errors.map((e) => e.line)).size;
  const count = check.errorCount;
  const listed = check.errors.length;
  return (
    <Stack gap="xs">
      <Alert
        color="red"
        title={
          listed < count
            ? `${count.toLocaleString()} problems`
            : `${count} problem${count === 1 ? '' : 's'} on ${lines} line${lines === 1 ? '' : 's'}`
        }
      >
        Fix them in the file, choose it again and run the dry run again. Nothing was changed.
      </Alert>
      <Table striped withTableBorder aria-label="Problems by line">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Field</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {check.errors.slice(0, 500).map((e, i) => (
            <Table.Tr key={`${e.line}-${e.field}-${i}`}>
              <Table.Td>{e.line}</Table.Td>
              <Table.Td>{e.column ?? '—'}</Table.Td>
              <Table.Td>{e.field ? fieldLabel(kind, e.field) : '—'}</Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {count > Math.min(listed, 500) && (
        <Text size="sm" c="dimmed">
          The first {Math.min(listed, 500).toLocaleString()} of {count.toLocaleString()} problems are shown.
        </Text>
      )}
    </Stack>
  );
}
