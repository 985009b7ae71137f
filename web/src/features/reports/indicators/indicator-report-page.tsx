import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { IndicatorReport } from '@contract/indicators.contract';
import { DateField, dateProblem } from '@/components/date-field';
import { formatCount } from '@/lib/format';
import { todayIn } from '@contract/common.contract';
import { useCurrentInstitution } from '@/lib/session-context';
import { downloadIndicatorCsv, useIndicatorReport, type Range } from '../api/indicators';
import { DefinitionsDrawer } from './definitions-drawer';

const PROTOCOL: Record<IndicatorReport, string> = { breast: 'BCS', cervical: 'CCS' };

/**
 * Breast / Cervical Cancer Report Per Date Range (spec 2 §2 Reports, §9): a date range (the last 7 days
 * by default, generated at once), Generate Report, the table S.no, Indicator, Frequency, Remark, its
 * parameters and generation time below, Export CSV, and the indicator definitions behind each row.
 */
export function IndicatorReportPage({ report }: { report: IndicatorReport }) {
  const { t } = useTranslation('indicators');
  const { institution } = useCurrentInstitution();
  const title = t(`titles.${report}`);
  // The institution's days, not the browser's (issue 31 item 6).
  const [from, setFrom] = useState(() => dayjs(todayIn(institution.timeZone)).subtract(6, 'day').format('YYYY-MM-DD'));
  const [to, setTo] = useState(() => todayIn(institution.timeZone));
  const [range, setRange] = useState<Range | null>(() => ({ from, to }));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [showDefinitions, setShowDefinitions] = useState(false);
  const result = useIndicatorReport(institution.id, report, range);

  const generate = () => {
    if (!from || !to) {
      setRangeError(t('chooseBoth'));
      return;
    }
    // DateField keeps impossible text as typed and explains it; it is never run as a range.
    if (dateProblem(from) || dateProblem(to)) {
      setRangeError(t('invalidDate', { ns: 'messages' }));
      return;
    }
    if (from > to) {
      setRangeError(t('toBeforeFrom'));
      return;
    }
    setRangeError(null);
    setRange({ from, to });
  };
  const exportCsv = () => {
    if (!range) return;
    setExporting(true);
    downloadIndicatorCsv(institution.id, report, range, title)
      .catch((e: Error) => notifications.show({ color: 'red', title: t('exportFailed'), message: e.message }))
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro', { protocol: PROTOCOL[report], zone: institution.timeZone })}
        </Text>
      </div>
      <Group align="flex-end" gap="sm">
        <DateField
          label={t('from')}
          value={from}
          onChange={(v) => setFrom(v ?? '')}
          maxDate={to || undefined}
          w={170}
        />
        <DateField
          label={t('to')}
          value={to}
          onChange={(v) => setTo(v ?? '')}
          minDate={from || undefined}
          w={170}
          error={rangeError}
        />
        <Button onClick={generate}>{t('generate')}</Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={!result.isSuccess}
          loading={exporting}
        >
          {t('export')}
        </Button>
        <Button variant="subtle" leftSection={<IconListDetails size={16} />} onClick={() => setShowDefinitions(true)}>
          {t('definitions')}
        </Button>
      </Group>
      {result.isError ? (
        <Alert color="red" title={t('failed')}>
          {result.error.message}
        </Alert>
      ) : !result.data ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('counting')}
          </Text>
        </Group>
      ) : (
        <Stack gap="xs">
          {result.data.rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noIndicator')}
            </Text>
          ) : (
            // A phone scrolls the table, not the page (its remarks are long); the keyboard can scroll it too.
            <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={title}>
              <Table
                striped
                highlightOnHover
                withTableBorder
                aria-label={title}
                style={{ opacity: result.isFetching ? 0.6 : 1 }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t('columns.sNo')}</Table.Th>
                    <Table.Th>{t('columns.indicator')}</Table.Th>
                    <Table.Th w={120} ta="end">
                      {t('columns.frequency')}
                    </Table.Th>
                    <Table.Th>{t('columns.remark')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.rows.map((r) => (
                    <Table.Tr key={r.definitionId}>
                      <Table.Td>{r.sNo}</Table.Td>
                      <Table.Td>{r.indicator}</Table.Td>
                      <Table.Td ta="end" ff="monospace">
                        {formatCount(r.frequency)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                          {r.remark ?? ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {result.data.rows.every((r) => r.frequency === 0) && (
            <Alert color="gray" p="xs">
              {t('nothingCounted', { protocol: PROTOCOL[report] })}
            </Alert>
          )}
          <Stack gap={0} aria-label={t('parameters')}>
            {result.data.footer.map((line) => (
              <Text key={line} size="xs" c="dimmed">
                {line}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      <DefinitionsDrawer
        instId={institution.id}
        report={report}
        opened={showDefinitions}
        onClose={() => setShowDefinitions(false)}
      />
    </Stack>
  );
}
