import { useState } from 'react';
import { Anchor, Box, Group, NavLink, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClockHour4, IconPackageExport } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import {
  DISTRIBUTION_PERIODS,
  RESEARCH_REPORTS,
  type DistributionPeriod,
  type ResearchReportPath,
} from '@contract/reports.contract';
import { DateField } from '@/components/date-field';
import { ReportButtons, ReportOutput, useReportCsv } from '@/components/report-output';
import { useListState } from '@/components/use-list-state';
import { useCurrentInstitution } from '@/lib/session-context';
import { institutionDay, useReport, type ReportCriteria, type ReportTableRow } from '@/lib/reports';

/** A research report looks back further than an order report's week: distributions are rare. */
const DEFAULT_DAYS = 90;
const ENTRIES: { path: ResearchReportPath; icon: typeof IconClockHour4 }[] = [
  { path: 'distributed-samples-report', icon: IconPackageExport },
  { path: 'request-turnaround-report', icon: IconClockHour4 },
];
const isPeriod = (v: string | null): v is DistributionPeriod => DISTRIBUTION_PERIODS.some((p) => p === v);

/**
 * /research-requests/reports (issue 32 item 7, docs/reports.md "Research reports"): where a tissue bank manager
 * reviews the research side, next to the requests: samples distributed per protocol, requests by state and
 * turnaround. `requests.review` (route-access.ts), as the API.
 */
export function ResearchReportsArea() {
  const { t } = useTranslation('reports');
  const { pathname } = useLocation();
  const current = pathname.toLowerCase().replace(/\/+$/, '');
  return (
    <Stack maw={1400} mx="auto" gap="sm">
      <Anchor component={Link} to="/research-requests" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('research.back')}
        </Group>
      </Anchor>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper
          withBorder
          radius="md"
          p="sm"
          w={{ base: '100%', sm: 260 }}
          component="nav"
          aria-label={t('research.navTitle')}
        >
          <Title order={2} fz="lg" px="xs" pb="xs">
            {t('research.navTitle')}
          </Title>
          {ENTRIES.map(({ path, icon: Icon }) => {
            const to = `/research-requests/reports/${path}`;
            return (
              <NavLink
                key={path}
                component={RouterLink}
                to={to}
                label={t(`research.titles.${path}`)}
                leftSection={<Icon size={18} stroke={1.6} />}
                active={current === to}
                aria-current={current === to ? 'page' : undefined}
              />
            );
          })}
        </Paper>
        <Box flex={1} miw={280}>
          <Routes>
            <Route index element={<Navigate to={ENTRIES[0].path} replace />} />
            {ENTRIES.map(({ path }) => (
              <Route key={path} path={path} element={<ResearchReportPage key={path} path={path} />} />
            ))}
            <Route path="*" element={<Navigate to={ENTRIES[0].path} replace />} />
          </Routes>
        </Box>
      </Group>
    </Stack>
  );
}

/** One research report: From/To (and the grouping), Generate Report, the paged table, Export CSV, the footer. */
function ResearchReportPage({ path }: { path: ResearchReportPath }) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('reports');
  const { api: report } = RESEARCH_REPORTS[path];
  const title = t(`research.titles.${path}`);
  const hasPeriod = path === 'distributed-samples-report';
  const list = useListState();
  const [from, setFrom] = useState<string | null>(() => institutionDay(institution.timeZone, 1 - DEFAULT_DAYS));
  const [to, setTo] = useState<string | null>(() => institutionDay(institution.timeZone));
  const [period, setPeriod] = useState<DistributionPeriod>('range');
  const [criteria, setCriteria] = useState<ReportCriteria | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const result = useReport(institution.id, report, criteria, { page: list.page, pageSize: list.pageSize });
  const page = result.data?.report;

  const generate = () => {
    if (!from || !to) return setProblem(t('chooseBoth'));
    if (from > to) return setProblem(t('toBeforeFrom'));
    setProblem(null);
    list.setPage(1);
    setCriteria({ from, to, ...(hasPeriod ? { period } : {}) });
  };
  const { exporting, exportCsv } = useReportCsv(institution.id, report, criteria, title);

  const columns: DataTableColumn<ReportTableRow>[] = (page?.columns ?? []).map((c) => ({
    accessor: c.key,
    title: c.title,
    textAlign: c.numeric ? 'right' : 'left',
    noWrap: c.key === 'month' || c.key === 'unit',
    render: (r: ReportTableRow) => {
      const v = r[c.key];
      return v === null || v === undefined ? (
        <Text size="sm" c="gray.7">
          —
        </Text>
      ) : (
        <Text size="sm" fw={r.state === t('research.cells.allStates') ? 600 : undefined}>
          {String(v)}
        </Text>
      );
    },
  }));

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {t(`research.intro.${path}`)} {t('timeZone', { zone: institution.timeZone })}
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateField label={t('from')} value={from} onChange={setFrom} maxDate={to} w={170} />
        <DateField label={t('to')} value={to} onChange={setTo} minDate={from} w={170} />
        {hasPeriod && (
          <Select
            label={t('research.groupBy')}
            data={DISTRIBUTION_PERIODS.map((p) => ({ value: p, label: t(`research.periods.${p}`) }))}
            value={period}
            onChange={(v) => isPeriod(v) && setPeriod(v)}
            allowDeselect={false}
            w={220}
          />
        )}
        <ReportButtons
          onGenerate={generate}
          onExport={exportCsv}
          canExport={!!criteria && !!page}
          exporting={exporting}
        />
      </Group>
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <ReportOutput
        asked={criteria !== null}
        prompt={t('prompt')}
        result={result}
        list={list}
        columns={columns}
        emptyText={t(`research.empty.${path}`)}
      />
    </Stack>
  );
}
