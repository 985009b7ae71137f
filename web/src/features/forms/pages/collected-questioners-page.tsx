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

const LEAD_ACCESSORS: (keyof ReportTableRow)[] = [
  'institution',
  'institutionSite',
  'patientName',
  'patientDateOfBirth',
  'patientGender',
  'patientMaritalStatus',
  'patientVitalStatus',
];

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
      setRangeError('Choose both dates');
      return;
    }
    if (dateProblem(startDate) || dateProblem(endDate)) {
      setRangeError(MSG.invalidDate);
      return;
    }
    if (startDate > endDate) {
      setRangeError('End date cannot be before the start date');
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
      .catch((e: Error) =>
        notifications.show({ color: 'red', title: 'The CSV could not be exported', message: e.message }),
      )
      .finally(() => setExporting(false));
  };
  const confirmDisable = (r: ReportTableRow) =>
    modals.openConfirmModal({
      title: 'Disable Confirmation',
      children: (
        <Stack gap={4}>
          <Text size="sm">Do you want to disable this filled form? It leaves the lists and the report.</Text>
          <Text size="sm">ID: {r.submissionId}</Text>
          <Text size="sm">Institution: {r.institution ?? ''}</Text>
          <Text size="sm">Institution Site: {r.institutionSite ?? ''}</Text>
          <Text size="sm">Patient: {r.patientName ?? ''}</Text>
        </Stack>
      ),
      labels: { confirm: 'Yes', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(r.submissionId, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: `Filled form ${r.submissionId} disabled.`, autoClose: 3000 }),
        }),
    });

  const columns: DataTableColumn<ReportTableRow>[] = [
    ...REPORT_LEAD_COLUMNS.map((title, i) => ({
      accessor: LEAD_ACCESSORS[i],
      title,
      render: (r: ReportTableRow) => String(r[LEAD_ACCESSORS[i]] ?? ''),
    })),
    ...(report.data?.columns ?? []).map((c) => ({
      accessor: `field-${c.fieldId}`,
      title: c.isEnabled ? c.prompt : `${c.prompt} (disabled)`,
      render: (r: ReportTableRow) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {r.values[c.fieldId] ?? ''}
        </Text>
      ),
    })),
    {
      accessor: 'dateCollected',
      title: 'Date Collected',
      noWrap: true,
      render: (r) => formatDateTime(r.dateCollected),
    },
    ...(canDisable
      ? [
          {
            accessor: 'action',
            title: 'Action',
            textAlign: 'right' as const,
            width: 76,
            render: (r: ReportTableRow) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Disable filled form ${r.submissionId}`}
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
          Collected Questionnaires
        </Title>
        <Text size="sm" c="dimmed">
          The answers to one questioner, one row per filled form, by the day it was filled (UTC).
        </Text>
      </div>
      {forms.isSuccess && forms.data.items.length === 0 && (
        <Alert color="gray">This protocol has no questionnaire yet: design one on the Questionnaires page.</Alert>
      )}
      <Group align="flex-end" gap="sm">
        <Select
          label="Form"
          data={(forms.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          value={chosenId}
          onChange={setFormId}
          allowDeselect={false}
          searchable
          placeholder={forms.isPending ? 'Loading…' : 'Choose a form'}
          w={260}
        />
        <DateField label="Start Date" value={startDate || null} onChange={(v) => setStartDate(v ?? '')} w={170} />
        <DateField
          label="End Date"
          value={endDate || null}
          onChange={(v) => setEndDate(v ?? '')}
          w={170}
          error={rangeError}
        />
        <Button onClick={generate} disabled={!chosenId}>
          Generate
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={!criteria}
          loading={exporting}
        >
          Export CSV
        </Button>
      </Group>
      {!criteria ? (
        <Text size="sm" c="dimmed">
          Choose a form and dates, then Generate.
        </Text>
      ) : report.isError ? (
        <Alert color="red" title="The report could not be generated">
          {report.error.message}
        </Alert>
      ) : (
        <PagedTable
          query={report}
          list={list}
          columns={columns}
          pinLastColumn={canDisable}
          emptyText="No form of this questionnaire was filled in these dates."
        />
      )}
    </Stack>
  );
}
