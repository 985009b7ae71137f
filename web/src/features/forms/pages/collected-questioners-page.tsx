import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { DataTableColumn } from 'mantine-datatable';
import { REPORT_LEAD_COLUMNS } from '@contract/forms.contract';
import { DateField, dateProblem } from '@/components/date-field';
import { MSG } from '@contract/messages';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { formatDateTime, today } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useCurrentProtocol } from '@/lib/protocol-context';
import {
  downloadReportCsv,
  useAllForms,
  useDisableSubmission,
  useFormReport,
  type ReportQuery,
  type ReportTableRow,
} from '../api/forms';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/field-messages';

const LEAD_ACCESSORS = [
  'institution',
  'institutionSite',
  'patientName',
  'patientDateOfBirth',
  'patientGender',
  'patientMaritalStatus',
  'patientVitalStatus',
] as const satisfies readonly (keyof ReportTableRow)[];

type Criteria = { formId: number; startDate: string; endDate: string };

/**
 * collected-questioners (spec 2 §2 "Collected questionnaires report", §9): a form (the first by default)
 * and a date range (the last 7 days by default); Generate shows one row per filled form, paged on the
 * server, with one column per field; Export CSV downloads the whole report; the Action column disables a row.
 */
export function CollectedQuestionersPage() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canDisable = useCan('participants.manage');
  const { t } = useTranslation('forms');
  const forms = useAllForms(institution.id, protocol.id);
  const list = useListState();
  const [formId, setFormId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState(() => dayjs().subtract(6, 'day').format('YYYY-MM-DD'));
  const [endDate, setEndDate] = useState(today);
  const [criteria, setCriteria] = useState<Criteria | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const chosenId = formId ?? (forms.data?.items[0] ? String(forms.data.items[0].id) : null);
  const query: ReportQuery | null = criteria && { ...criteria, page: list.page, pageSize: list.pageSize };
  const report = useFormReport(institution.id, protocol.id, query);
  const disable = useDisableSubmission(institution.id);
  const formName = forms.data?.items.find((f) => f.id === criteria?.formId)?.name ?? 'report';

  const generate = () => {
    if (!chosenId) return;
    if (!startDate || !endDate) {
      setRangeError(t('report.bothDates'));
      return;
    }
    if (dateProblem(startDate) || dateProblem(endDate)) {
      setRangeError(translateMessage(MSG.invalidDate));
      return;
    }
    if (startDate > endDate) {
      setRangeError(t('report.endBeforeStart'));
      return;
    }
    setRangeError(null);
    list.setPage(1);
    setCriteria({ formId: Number(chosenId), startDate, endDate });
  };
  const exportCsv = () => {
    if (!query) return;
    setExporting(true);
    downloadReportCsv(institution.id, protocol.id, query, formName)
      .catch((e: Error) => notifications.show({ color: 'red', title: t('report.exportFailed'), message: e.message }))
      .finally(() => setExporting(false));
  };
  const confirmDisable = (r: ReportTableRow) =>
    modals.openConfirmModal({
      title: t('disableConfirm.title'),
      children: (
        <Stack gap={4}>
          <Text size="sm">{t('disableConfirm.body')}</Text>
          <Text size="sm">{t('disableConfirm.id', { id: r.submissionId })}</Text>
          <Text size="sm">{t('disableConfirm.institution', { name: r.institution ?? '' })}</Text>
          <Text size="sm">{t('disableConfirm.site', { name: r.institutionSite ?? '' })}</Text>
          <Text size="sm">{t('disableConfirm.patient', { name: r.patientName ?? '' })}</Text>
        </Stack>
      ),
      labels: { confirm: t('disableConfirm.yes'), cancel: t('disableConfirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(r.submissionId, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t('report.rowDisabled', { id: r.submissionId }),
              autoClose: 3000,
            }),
        }),
    });

  const columns: DataTableColumn<ReportTableRow>[] = [
    ...REPORT_LEAD_COLUMNS.map((_, i) => ({
      accessor: LEAD_ACCESSORS[i],
      title: t(`report.lead.${LEAD_ACCESSORS[i]}`),
      render: (r: ReportTableRow) => String(r[LEAD_ACCESSORS[i]] ?? ''),
    })),
    ...(report.data?.columns ?? []).map((c) => ({
      accessor: `field-${c.fieldId}`,
      title: c.isEnabled ? c.prompt : t('report.disabledColumn', { prompt: c.prompt }),
      render: (r: ReportTableRow) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {r.values[c.fieldId] ?? ''}
        </Text>
      ),
    })),
    {
      accessor: 'dateCollected',
      title: t('report.dateCollected'),
      noWrap: true,
      render: (r) => formatDateTime(r.dateCollected),
    },
    ...(canDisable
      ? [
          {
            accessor: 'action',
            title: t('report.action'),
            textAlign: 'right' as const,
            width: 76,
            render: (r: ReportTableRow) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('report.disableRow', { id: r.submissionId })}
                onClick={() => confirmDisable(r)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {t('report.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('report.intro')}
        </Text>
      </div>
      {forms.isSuccess && forms.data.items.length === 0 && <Alert color="gray">{t('report.noForms')}</Alert>}
      <Group align="flex-end" gap="sm">
        <Select
          label={t('report.form')}
          data={(forms.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          value={chosenId}
          onChange={setFormId}
          allowDeselect={false}
          searchable
          placeholder={forms.isPending ? t('report.loading') : t('report.chooseForm')}
          w={260}
        />
        <DateField
          label={t('report.startDate')}
          value={startDate || null}
          onChange={(v) => setStartDate(v ?? '')}
          w={170}
        />
        <DateField
          label={t('report.endDate')}
          value={endDate || null}
          onChange={(v) => setEndDate(v ?? '')}
          w={170}
          error={rangeError}
        />
        <Button onClick={generate} disabled={!chosenId}>
          {t('report.generate')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={!criteria}
          loading={exporting}
        >
          {t('report.exportCsv')}
        </Button>
      </Group>
      {!criteria ? (
        <Text size="sm" c="dimmed">
          {t('report.prompt')}
        </Text>
      ) : report.isError ? (
        <Alert color="red" title={t('report.failed')}>
          {report.error.message}
        </Alert>
      ) : (
        <PagedTable
          query={report}
          list={list}
          columns={columns}
          pinLastColumn={canDisable}
          emptyText={t('report.empty')}
        />
      )}
    </Stack>
  );
}
