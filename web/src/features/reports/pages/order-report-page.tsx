import { useState } from 'react';
import { Alert, Box, Button, Group, Paper, Radio, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconReportAnalytics } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import {
  DEFAULT_REPORT_DAYS,
  NO_RESULT,
  NOT_ORDERED,
  ORDER_REPORTS,
  REPORT_PERIODS,
  type OrderReportPath,
  type ReportPeriod,
} from '@contract/reports.contract';
import { todayIn } from '@contract/common.contract';
import { DateField } from '@/components/date-field';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { downloadReportCsv, useReport, type ReportCriteria, type ReportTableRow } from '../api/reports';
import { ReportChart } from '../components/report-chart';

const DAY = 86_400_000;
/** Today in the institution's time zone (the server's days, issue 31 item 6), or `offset` days from it. */
const institutionDay = (timeZone: string, offset = 0) =>
  new Date(Date.parse(`${todayIn(timeZone)}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

/** Short cells (dates, IDs, results, ages) stay on one line; names may wrap. */
const NO_WRAP = /^(orderedDate|orderedOn|period|age|sampleId|serialNumber|test\d+)$/;
const PERIOD_LABELS: Record<ReportPeriod, string> = { day: 'Day', week: 'Week (Monday to Sunday)', month: 'Month' };
const INTRO: Record<OrderReportPath, string> = {
  'test-result-report': 'The results of one panel, one row per order of it, oldest first.',
  'test-usage-report': "How often each test was ordered, by the order's payment category.",
  'panel-usage-report': "How often each panel was ordered, by the order's payment category.",
  'test-summary-report': "Tests ordered per day, week or month, by the order's payment category.",
  'panel-summary-report': "Panels ordered per day, week or month, by the order's payment category.",
  'unreleased-panels-report': 'Panels still waiting for a release, oldest first, with how long they have waited.',
};
const EMPTY: Record<OrderReportPath, string> = {
  'test-result-report': 'This panel was not ordered in these dates.',
  'test-usage-report': 'No test was ordered in these dates.',
  'panel-usage-report': 'No panel was ordered in these dates.',
  'test-summary-report': 'No test was ordered in these dates.',
  'panel-summary-report': 'No panel was ordered in these dates.',
  'unreleased-panels-report': 'No panel ordered in these dates is waiting for a release.',
};

/**
 * One order report (spec 2 §2 Reports): its parameters (From/To, the last 7 days by default; the panel
 * or the period where it has one), Generate Report, the paged table, a chart where the numbers are
 * compared, Export CSV (the whole report), and the footer with the parameters and when it was generated.
 */
export function OrderReportPage({ path }: { path: OrderReportPath }) {
  const { institution } = useCurrentInstitution();
  const { title, api: report } = ORDER_REPORTS[path];
  const hasPanel = path === 'test-result-report';
  const hasPeriod = path === 'test-summary-report' || path === 'panel-summary-report';
  const list = useListState();
  const panels = useLookupOptions(hasPanel ? 'panels' : null);
  const [from, setFrom] = useState<string | null>(() => institutionDay(institution.timeZone, 1 - DEFAULT_REPORT_DAYS));
  const [to, setTo] = useState<string | null>(() => institutionDay(institution.timeZone));
  const [panelId, setPanelId] = useState<string | null>(null);
  const [period, setPeriod] = useState<ReportPeriod>('day');
  const [criteria, setCriteria] = useState<ReportCriteria | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const result = useReport(institution.id, report, criteria, { page: list.page, pageSize: list.pageSize });
  const page = result.data?.report;

  const generate = () => {
    if (!from || !to) return setProblem('Choose both dates.');
    if (from > to) return setProblem('To cannot be before From.');
    if (hasPanel && !panelId) return setProblem('Choose a panel.');
    setProblem(null);
    list.setPage(1);
    setCriteria({ from, to, ...(hasPanel ? { panelId: Number(panelId) } : {}), ...(hasPeriod ? { period } : {}) });
  };
  const exportCsv = () => {
    if (!criteria) return;
    setExporting(true);
    downloadReportCsv(institution.id, report, criteria, title)
      .catch((e: Error) =>
        notifications.show({ color: 'red', title: 'The CSV could not be exported', message: e.message }),
      )
      .finally(() => setExporting(false));
  };

  const columns: DataTableColumn<ReportTableRow>[] = (page?.columns ?? []).map((c) => ({
    accessor: c.key,
    title: c.title,
    textAlign: c.numeric ? 'right' : 'left',
    noWrap: NO_WRAP.test(c.key),
    render: (r: ReportTableRow) => {
      const v = r[c.key];
      const muted = v === NO_RESULT || v === NOT_ORDERED;
      return (
        <Text size="sm" c={muted ? 'gray.7' : undefined} fs={muted ? 'italic' : undefined}>
          {v === null || v === undefined ? '' : String(v)}
        </Text>
      );
    },
  }));

  const parameters = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DateField label="From" value={from} onChange={setFrom} maxDate={to} w={170} />
      <DateField label="To" value={to} onChange={setTo} minDate={from} w={170} />
      {hasPeriod && (
        <Select
          label="Period"
          data={REPORT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          value={period}
          onChange={(v) => v && setPeriod(v as ReportPeriod)}
          allowDeselect={false}
          w={250}
        />
      )}
      <Button leftSection={<IconReportAnalytics size={16} />} onClick={generate}>
        Generate Report
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={exportCsv}
        disabled={!criteria || !page}
        loading={exporting}
      >
        Export CSV
      </Button>
    </Group>
  );

  const body = !criteria ? (
    <Text size="sm" c="gray.7">
      {hasPanel ? 'Choose a panel and the dates, then Generate Report.' : 'Choose the dates, then Generate Report.'}
    </Text>
  ) : result.isError ? (
    <Alert color="red" title="The report could not be generated">
      {result.error.message}
    </Alert>
  ) : (
    <Stack gap="md">
      {page && <ReportChart path={path} page={page} />}
      <PagedTable query={result} list={list} columns={columns} emptyText={EMPTY[path]} />
      {page && (
        <Box component="section" aria-label="Report parameters">
          {page.footer.map((line) => (
            <Text key={line} size="xs" c="gray.7">
              {line}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {INTRO[path]} Dates are whole days in {institution.timeZone}, the institution&apos;s time zone.
        </Text>
      </div>
      {hasPanel ? (
        <Group align="flex-start" gap="md" wrap="wrap">
          <Paper withBorder radius="md" p="sm" w={{ base: '100%', sm: 230 }}>
            <Radio.Group label="Panel" value={panelId} onChange={setPanelId}>
              <ScrollArea.Autosize mah={380} mt="xs" type="auto">
                <Stack gap={8}>
                  {panels.options.map((o) => (
                    <Radio key={o.value} value={o.value} label={o.label} />
                  ))}
                  {panels.isSuccess && !panels.options.length && (
                    <Text size="sm" c="gray.7">
                      No panel is configured yet.
                    </Text>
                  )}
                  {panels.isPending && (
                    <Text size="sm" c="gray.7">
                      Loading panels…
                    </Text>
                  )}
                </Stack>
              </ScrollArea.Autosize>
            </Radio.Group>
          </Paper>
          <Stack gap="md" flex={1} miw={280}>
            {parameters}
            {problem && (
              <Text c="red.8" size="sm" role="alert">
                {problem}
              </Text>
            )}
            {body}
          </Stack>
        </Group>
      ) : (
        <>
          {parameters}
          {problem && (
            <Text c="red.8" size="sm" role="alert">
              {problem}
            </Text>
          )}
          {body}
        </>
      )}
    </Stack>
  );
}
