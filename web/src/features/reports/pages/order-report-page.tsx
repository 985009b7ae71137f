import { useState } from 'react';
import { Group, Paper, Radio, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_REPORT_DAYS,
  ORDER_REPORTS,
  REPORT_PERIODS,
  type OrderReportPath,
  type ReportPeriod,
} from '@contract/reports.contract';
import { DateField } from '@/components/date-field';
import { ReportButtons, ReportOutput, useReportCsv } from '@/components/report-output';
import { useListState } from '@/components/use-list-state';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { institutionDay, useReport, type ReportCriteria, type ReportTableRow } from '@/lib/reports';
import { ReportChart } from '../components/report-chart';

/** Short cells (dates, IDs, results, ages) stay on one line; names may wrap. */
const NO_WRAP = /^(orderedDate|orderedOn|period|age|sampleId|serialNumber|test\d+)$/;

/**
 * One order report (spec 2 §2 Reports): its parameters (From/To, the last 7 days by default; the panel
 * or the period where it has one), Generate Report, the paged table, a chart where the numbers are
 * compared, Export CSV (the whole report), and the footer with the parameters and when it was generated.
 */
export function OrderReportPage({ path }: { path: OrderReportPath }) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('reports');
  const { api: report } = ORDER_REPORTS[path];
  // The server writes the report's title, headings, cells and footer in the same language (issue 33).
  const title = t(`titles.${path}`);
  const muted = new Set([t('cells.noResult'), t('cells.notOrdered')]);
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
  const result = useReport(institution.id, report, criteria, { page: list.page, pageSize: list.pageSize });
  const page = result.data?.report;

  const generate = () => {
    if (!from || !to) return setProblem(t('chooseBoth'));
    if (from > to) return setProblem(t('toBeforeFrom'));
    if (hasPanel && !panelId) return setProblem(t('choosePanel'));
    setProblem(null);
    list.setPage(1);
    setCriteria({ from, to, ...(hasPanel ? { panelId: Number(panelId) } : {}), ...(hasPeriod ? { period } : {}) });
  };
  const { exporting, exportCsv } = useReportCsv(institution.id, report, criteria, title);

  const columns: DataTableColumn<ReportTableRow>[] = (page?.columns ?? []).map((c) => ({
    accessor: c.key,
    title: c.title,
    textAlign: c.numeric ? 'right' : 'left',
    noWrap: NO_WRAP.test(c.key),
    render: (r: ReportTableRow) => {
      const v = r[c.key];
      const dim = typeof v === 'string' && muted.has(v);
      return (
        <Text size="sm" c={dim ? 'gray.7' : undefined} fs={dim ? 'italic' : undefined}>
          {v === null || v === undefined ? '' : String(v)}
        </Text>
      );
    },
  }));

  const parameters = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DateField label={t('from')} value={from} onChange={setFrom} maxDate={to} w={170} />
      <DateField label={t('to')} value={to} onChange={setTo} minDate={from} w={170} />
      {hasPeriod && (
        <Select
          label={t('period')}
          data={REPORT_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          value={period}
          onChange={(v) => v && setPeriod(v as ReportPeriod)}
          allowDeselect={false}
          w={250}
        />
      )}
      <ReportButtons
        onGenerate={generate}
        onExport={exportCsv}
        canExport={!!criteria && !!page}
        exporting={exporting}
      />
    </Group>
  );

  const body = (
    <ReportOutput
      asked={criteria !== null}
      prompt={hasPanel ? t('promptPanel') : t('prompt')}
      result={result}
      list={list}
      columns={columns}
      emptyText={t(`empty.${path}`)}
      before={page && <ReportChart path={path} page={page} />}
    />
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {t(`intro.${path}`)} {t('timeZone', { zone: institution.timeZone })}
        </Text>
      </div>
      {hasPanel ? (
        <Group align="flex-start" gap="md" wrap="wrap">
          <Paper withBorder radius="md" p="sm" w={{ base: '100%', sm: 230 }}>
            <Radio.Group label={t('panel')} value={panelId} onChange={setPanelId}>
              <ScrollArea.Autosize mah={380} mt="xs" type="auto">
                <Stack gap={8}>
                  {panels.options.map((o) => (
                    <Radio key={o.value} value={o.value} label={o.label} />
                  ))}
                  {panels.isSuccess && !panels.options.length && (
                    <Text size="sm" c="gray.7">
                      {t('noPanels')}
                    </Text>
                  )}
                  {panels.isPending && (
                    <Text size="sm" c="gray.7">
                      {t('loadingPanels')}
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
