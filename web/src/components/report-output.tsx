import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconReportAnalytics } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import type { useListState } from '@/components/use-list-state';
import {
  downloadReportCsv,
  type ReportCriteria,
  type ReportName,
  type ReportTableRow,
  type useReport,
} from '@/lib/reports';

// What every report page (the order reports of features/reports, the research reports of features/research-requests)
// shows the same way: Generate Report and Export CSV, then the prompt, the server's problem, or the table and the
// footer lines. Words from the `reports` catalogue.

/** Export CSV's state: the whole report saved under the server's file name; a failure is a red notification. */
export function useReportCsv(instId: number, report: ReportName, criteria: ReportCriteria | null, title: string) {
  const { t } = useTranslation('reports');
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    if (!criteria) return;
    setExporting(true);
    downloadReportCsv(instId, report, criteria, title)
      .catch((e: Error) => notifications.show({ color: 'red', title: t('exportFailed'), message: e.message }))
      .finally(() => setExporting(false));
  };
  return { exporting, exportCsv };
}

/** Generate Report, and Export CSV (off until a report is shown). */
export function ReportButtons(props: {
  onGenerate: () => void;
  onExport: () => void;
  canExport: boolean;
  exporting: boolean;
}) {
  const { t } = useTranslation('reports');
  return (
    <>
      <Button leftSection={<IconReportAnalytics size={16} />} onClick={props.onGenerate}>
        {t('generate')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={props.onExport}
        disabled={!props.canExport}
        loading={props.exporting}
      >
        {t('export')}
      </Button>
    </>
  );
}

/** Below the parameters: the prompt before Generate, the server's problem, or `before` (a chart), the table and the footer. */
export function ReportOutput(props: {
  asked: boolean;
  prompt: string;
  result: ReturnType<typeof useReport>;
  list: ReturnType<typeof useListState>;
  columns: DataTableColumn<ReportTableRow>[];
  emptyText: string;
  before?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const { result } = props;
  const page = result.data?.report;
  if (!props.asked)
    return (
      <Text size="sm" c="gray.7">
        {props.prompt}
      </Text>
    );
  if (result.isError)
    return (
      <Alert color="red" title={t('failed')}>
        {result.error.message}
      </Alert>
    );
  return (
    <Stack gap="md">
      {props.before}
      <PagedTable query={result} list={props.list} columns={props.columns} emptyText={props.emptyText} />
      {page && (
        <Box component="section" aria-label={t('parameters')}>
          {page.footer.map((line) => (
            <Text key={line} size="xs" c="gray.7">
              {line}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}
