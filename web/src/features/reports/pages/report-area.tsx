import { Box, Group, NavLink, Paper, Title } from '@mantine/core';
import {
  IconChartBar,
  IconClockHour4,
  IconFileAnalytics,
  IconListDetails,
  IconReportMedical,
} from '@tabler/icons-react';
import { Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderReportPath } from '@contract/reports.contract';
import type { en } from '@contract/i18n/en';
import { IndicatorReportPage } from '../indicators/indicator-report-page';
import { OrderReportPage } from './order-report-page';

type EntryPath = keyof typeof en.reports.nav;
/** spec 1 §2: the Report area's child paths, in the spec's order; the left navigation's words are `reports:nav.<path>`. */
const ENTRIES: { path: EntryPath; icon: typeof IconChartBar }[] = [
  { path: 'test-result-report', icon: IconFileAnalytics },
  { path: 'test-summary-report', icon: IconChartBar },
  { path: 'test-usage-report', icon: IconListDetails },
  { path: 'panel-summary-report', icon: IconChartBar },
  { path: 'panel-usage-report', icon: IconListDetails },
  { path: 'unreleased-panels-report', icon: IconClockHour4 },
  { path: 'breast-cancer-report-per-date-range', icon: IconReportMedical },
  { path: 'cervical-cancer-report-per-date-range', icon: IconReportMedical },
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
  const { t } = useTranslation('reports');
  return (
    <Group align="flex-start" maw={1400} mx="auto" gap="lg" wrap="wrap">
      <Paper withBorder radius="md" p="sm" w={{ base: '100%', sm: 240 }} component="nav" aria-label={t('navTitle')}>
        <Title order={2} fz="lg" px="xs" pb="xs">
          {t('navTitle')}
        </Title>
        {ENTRIES.map(({ path, icon: Icon }) => {
          const to = `/report/${path}`;
          return (
            <NavLink
              key={path}
              component={RouterLink}
              to={to}
              label={t(`nav.${path}`)}
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
