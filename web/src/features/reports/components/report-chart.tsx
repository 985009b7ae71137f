import { Paper, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import '@mantine/charts/styles.layer.css';
import { PAYMENT_COLUMNS, type OrderReportPath, type ReportPage } from '@contract/reports.contract';

const COLORS = ['blue.6', 'teal.6', 'yellow.6', 'grape.6', 'orange.6'];

/**
 * The stacked bars of a usage or summary report, one colour per payment category: a summary shows every
 * period of the range (the server sends them all), a usage report the tests or panels of the table's page.
 */
export function ReportChart({ path, page }: { path: OrderReportPath; page: ReportPage }) {
  const { t } = useTranslation('reports');
  const series = [
    ...PAYMENT_COLUMNS.map((c, i) => ({ name: c.key, label: t(`payment.${c.key}`), color: COLORS[i] })),
    { name: 'other', label: t('chart.other'), color: 'gray.5' },
  ];
  const summary = path === 'test-summary-report' || path === 'panel-summary-report';
  const usage = path === 'test-usage-report' || path === 'panel-usage-report';
  if (!summary && !usage) return null;
  const data: Record<string, string | number>[] = summary
    ? (page.chart ?? [])
    : page.rows.map((r) => {
        const counts = Object.fromEntries(PAYMENT_COLUMNS.map((c) => [c.key, Number(r[c.key] ?? 0)]));
        const other = Number(r.total ?? 0) - Object.values(counts).reduce((a, b) => a + b, 0);
        return { name: String(r.name ?? ''), ...counts, other };
      });
  if (!data.length) return null;
  const tests = path.startsWith('test');
  const caption = summary
    ? t(tests ? 'chart.summaryTests' : 'chart.summaryPanels')
    : t(tests ? 'chart.pageTests' : 'chart.pagePanels');
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={caption}>
      <Text component="figcaption" fw={600} size="sm" mb="sm">
        {caption}
      </Text>
      <BarChart
        h={280}
        data={data}
        dataKey={summary ? 'period' : 'name'}
        type="stacked"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        xAxisProps={{ interval: 'preserveStartEnd' }}
      />
    </Paper>
  );
}
