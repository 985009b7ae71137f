import { Box, Group, NavLink, Paper, Title } from '@mantine/core';
import {
  IconChartBar,
  IconClockHour4,
  IconFileAnalytics,
  IconListDetails,
  IconReportMedical,
} from '@tabler/icons-react';
import { Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import type { OrderReportPath } from '@contract/reports.contract';
import { IndicatorReportPage } from '../indicators/indicator-report-page';
import { OrderReportPage } from './order-report-page';

/** spec 1 §2: the Report area's child paths, in the spec's order, with what the left navigation says. */
const ENTRIES: { path: string; label: string; icon: typeof IconChartBar }[] = [
  { path: 'test-result-report', label: 'Test Result Report', icon: IconFileAnalytics },
  { path: 'test-summary-report', label: 'Test Summary Report', icon: IconChartBar },
  { path: 'test-usage-report', label: 'Test Usage Report', icon: IconListDetails },
  { path: 'panel-summary-report', label: 'Panel Summary Report', icon: IconChartBar },
  { path: 'panel-usage-report', label: 'Panel Usage Report', icon: IconListDetails },
  { path: 'unreleased-panels-report', label: 'Unreleased Panels Report', icon: IconClockHour4 },
  { path: 'breast-cancer-report-per-date-range', label: 'Breast Cancer Report', icon: IconReportMedical },
  { path: 'cervical-cancer-report-per-date-range', label: 'Cervical Cancer Report', icon: IconReportMedical },
];
const ORDER_PATHS: OrderReportPath[] = [
  'test-result-report',
  'test-summary-report',
  'test-usage-report',
  'panel-summary-report',
  'panel-usage-report',
  'unreleased-panels-report',
];

/** /report: a left navigation titled Report (spec 2 §2) and the chosen report; /report opens the first. */
export function ReportArea() {
  const { pathname } = useLocation();
  const current = pathname.toLowerCase().replace(/\/+$/, '');
  return (
    <Group align="flex-start" maw={1400} mx="auto" gap="lg" wrap="wrap">
      <Paper withBorder radius="md" p="sm" w={{ base: '100%', sm: 240 }} component="nav" aria-label="Report">
        <Title order={2} fz="lg" px="xs" pb="xs">
          Report
        </Title>
        {ENTRIES.map(({ path, label, icon: Icon }) => {
          const to = `/report/${path}`;
          return (
            <NavLink
              key={path}
              component={RouterLink}
              to={to}
              label={label}
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
          {ORDER_PATHS.map((p) => (
            <Route key={p} path={p} element={<OrderReportPage key={p} path={p} />} />
          ))}
          <Route
            path="breast-cancer-report-per-date-range"
            element={<IndicatorReportPage key="breast" report="breast" />}
          />
          <Route
            path="cervical-cancer-report-per-date-range"
            element={<IndicatorReportPage key="cervical" report="cervical" />}
          />
          <Route path="*" element={<Navigate to={ENTRIES[0].path} replace />} />
        </Routes>
      </Box>
    </Group>
  );
}
