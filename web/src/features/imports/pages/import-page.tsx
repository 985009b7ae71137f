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
import { useTranslation } from 'react-i18next';
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
import { fieldLabel } from '../components/column-label';
import { formatCount } from '@/lib/format';

const KINDS: readonly ImportKind[] = ['participants', 'samples', 'storage'];

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
  const { t } = useTranslation('imports');
  const [kind, setKind] = useState<ImportKind>('participants');
  const can = usePermissionCheck();
  // Three kinds side by side are wider than a phone: there they stack.
  const phone = usePhone();
  return (
    <Stack maw={1100}>
      <Title order={1} fz={26}>
        {t('title')}
      </Title>
      <SegmentedControl
        w={phone ? '100%' : 'fit-content'}
        orientation={phone ? 'vertical' : 'horizontal'}
        value={kind}
        onChange={(v) => setKind(v as ImportKind)}
        aria-label={t('whatToImport')}
        data={KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
      />
      {!AVAILABLE_IMPORT_KINDS.includes(kind) ? (
        <ComingSoon area={t('importing', { what: t(`kindsInText.${kind}`) })} />
      ) : can(IMPORT_PERMISSION[kind]) ? (
        <KindImport key={kind} instId={institution.id} kind={kind} />
      ) : (
        <Alert color="yellow" title={t('mayNot')} maw={640}>
          {t('needsPermission', { what: t(`kindsInText.${kind}`), permission: IMPORT_PERMISSION[kind] })}
        </Alert>
      )}
    </Stack>
  );
}

function KindImport({ instId, kind }: { instId: number; kind: ImportKind }) {
  const { t } = useTranslation('imports');
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
      setFailure(errorTitle(e, t('step3.failed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('step1.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('step1.text')}
          </Text>
          <Button variant="light" w="fit-content" onClick={() => void downloadTemplate(instId, kind)}>
            {t('step1.download')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('step2.title')}
          </Title>
          <FileInput
            label={t('step2.file')}
            placeholder={t('step2.choose')}
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => void choose(f)}
            clearable
            maw={420}
          />
          {loaded && (
            <>
              <MappingTable
                kind={kind}
                headers={loaded.headers}
                columns={columns}
                mapping={mapping}
                onChange={setMapping}
              />
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
            {t('step3.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('step3.text')}
          </Text>
          <Group>
            <Button onClick={() => void runDry()} disabled={!loaded || busy !== null} loading={busy === 'dry'}>
              {t('step3.dryRun')}
            </Button>
            <Button
              color="green"
              onClick={() => void runImport()}
              disabled={!clean || busy !== null || done !== null}
              loading={busy === 'import'}
            >
              {t('step3.import')}
            </Button>
          </Group>
          {check && <CheckResult check={check} kind={kind} stale={!clean && check.errorCount === 0} />}
          {progress && (busy === 'import' || done) && (
            <Stack gap={4}>
              <Progress
                value={progress.total ? (100 * progress.processed) / progress.total : 0}
                size="lg"
                aria-label={t('step3.progress')}
              />
              <Text size="sm">
                {t('step3.written', {
                  processed: formatCount(progress.processed),
                  total: formatCount(progress.total),
                })}
              </Text>
            </Stack>
          )}
          {failure && (
            <Alert color="red" title={t('step3.nothingImported')}>
              {failure}
            </Alert>
          )}
          {done && (
            <Alert
              color="green"
              title={t(`step3.imported.${kind}`, { count: done.rowCount, n: formatCount(done.rowCount) })}
            >
              <Stack gap={4}>
                <Text size="sm">{t('step3.recorded', { hash: done.fileSha256.slice(0, 16) })}</Text>
                {kind === 'participants' ? (
                  <Group gap="md">
                    <Anchor component={Link} to="/patients">
                      {t('step3.participantList')}
                    </Anchor>
                    {done.firstId && (
                      <Anchor component={Link} to={`/patients/${done.firstId}`}>
                        {t('step3.firstParticipant')}
                      </Anchor>
                    )}
                    {done.lastId && done.lastId !== done.firstId && (
                      <Anchor component={Link} to={`/patients/${done.lastId}`}>
                        {t('step3.lastParticipant')}
                      </Anchor>
                    )}
                  </Group>
                ) : kind === 'samples' ? (
                  <Anchor component={Link} to="/collection-protocols">
                    {t('step3.protocols')}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to="/configuration/storage-container">
                    {t('step3.storage')}
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

function CheckResult({ check, kind, stale }: { check: DryRunResult; kind: ImportKind; stale: boolean }) {
  const { t } = useTranslation('imports');
  if (stale)
    return (
      <Alert color="yellow" title={t('check.staleTitle')}>
        {t('check.staleText')}
      </Alert>
    );
  if (!check.errorCount)
    return (
      <Alert color="green" title={t('check.clean')}>
        {t('check.ready', { count: check.rowCount, n: formatCount(check.rowCount) })}
      </Alert>
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
            ? t('check.problems', { n: formatCount(count) })
            : t('check.problemsOnLines', {
                problems: t('check.problem', { count }),
                lines: t('check.line', { count: lines }),
              })
        }
      >
        {t('check.fixThem')}
      </Alert>
      <Table striped withTableBorder aria-label={t('check.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('check.line')}</Table.Th>
            <Table.Th>{t('check.column')}</Table.Th>
            <Table.Th>{t('check.field')}</Table.Th>
            <Table.Th>{t('check.problem')}</Table.Th>
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
          {t('check.firstShown', { shown: formatCount(Math.min(listed, 500)), total: formatCount(count) })}
        </Text>
      )}
    </Stack>
  );
}
