import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Route, Routes, useNavigate } from 'react-router';
import type { FieldDto, SubmissionDetail, SubmissionDto } from '@contract/forms.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { formatDateTime, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { participantPath, useCurrentParticipant } from '@/lib/participant-context';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { FillForm } from '../components/fill-form';
import { useDisableSubmission, useSubmission, useSubmissions } from '../api/forms';
import { Dialog } from '@/components/dialog';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/** participants/{id}/participant-forms (spec 2 §2 "Participant questioners"), and /new: the fill form over it. */
export function ParticipantFormsPage() {
  return (
    <Routes>
      <Route index element={<SubmissionList />} />
      <Route path="new" element={<SubmissionList filling />} />
    </Routes>
  );
}

function SubmissionList({ filling = false }: { filling?: boolean }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const p = useCurrentParticipant();
  const canFill = useCan('participants.manage');
  const { t } = useTranslation('forms');
  const list = useListState();
  const submissions = useSubmissions(institution.id, protocol.id, p.patientId, {
    page: list.page,
    pageSize: list.pageSize,
  });
  const disable = useDisableSubmission(institution.id);
  const [viewing, setViewing] = useState<number | null>(null);
  const navigate = useNavigate();
  const here = participantPath(p, 'participant-forms');

  // spec 2 §2 'Disable Confirmation': id, institution, institution site and the patient's full name; Cancel and Yes.
  const confirmDisable = (s: SubmissionDto) =>
    modals.openConfirmModal({
      title: t('disableConfirm.title'),
      children: (
        <Stack gap={4}>
          <Text size="sm">{t('disableConfirm.body')}</Text>
          <Text size="sm">{t('disableConfirm.id', { id: s.id })}</Text>
          <Text size="sm">{t('disableConfirm.institution', { name: s.institution?.title ?? '' })}</Text>
          <Text size="sm">{t('disableConfirm.site', { name: s.institutionSite?.title ?? '' })}</Text>
          <Text size="sm">{t('disableConfirm.patient', { name: fullName(s.patient) })}</Text>
        </Stack>
      ),
      labels: { confirm: t('disableConfirm.yes'), cancel: t('disableConfirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(s.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t('submissions.disabledDone', {
                form: s.collectionProtocolForm.name ?? t('submissions.form'),
                id: s.id,
              }),
              autoClose: 3000,
            }),
        }),
    });

  const columns: DataTableColumn<SubmissionDto>[] = [
    {
      accessor: 'collectionProtocolForm.name',
      title: t('submissions.form'),
      render: (s) => s.collectionProtocolForm.name ?? '',
    },
    {
      accessor: 'createdDate',
      title: t('submissions.filledDate'),
      noWrap: true,
      render: (s) => formatDateTime(s.createdDate),
    },
    { accessor: 'sampleId', title: t('submissions.sampleId'), render: (s) => s.sampleId ?? '' },
    {
      // The row opens the view; these buttons are its keyboard-reachable equivalents.
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      width: canFill ? 88 : 56,
      render: (s) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('submissions.view', {
              form: s.collectionProtocolForm.name ?? t('submissions.formFallback'),
              date: formatDateTime(s.createdDate),
            })}
            onClick={(e) => {
              e.stopPropagation();
              setViewing(s.id);
            }}
          >
            <IconEye size={16} />
          </ActionIcon>
          {canFill && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('submissions.disable', {
                form: s.collectionProtocolForm.name ?? t('submissions.formFallback'),
                date: formatDateTime(s.createdDate),
              })}
              onClick={(e) => {
                e.stopPropagation();
                confirmDisable(s);
              }}
            >
              <IconEyeOff size={16} />
            </ActionIcon>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz={20}>
          {t('submissions.title')}
        </Title>
        {canFill && p.isEnabled && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(`${here}/new`)}>
            {t('submissions.fill')}
          </Button>
        )}
      </Group>
      <PagedTable
        query={submissions}
        list={list}
        columns={columns}
        pinLastColumn
        emptyText={canFill ? t('submissions.emptyFill') : t('submissions.empty')}
        onRowClick={(s) => setViewing(s.id)}
      />
      {viewing !== null && <SubmissionView submissionId={viewing} onClose={() => setViewing(null)} />}
      {canFill && filling && <FillForm participant={p} onClose={() => void navigate(here)} />}
    </Stack>
  );
}

/** How a stored answer reads: a checkbox Yes/No, a checkbox list its values. */
function display(t: TFunction<'forms'>, field: FieldDto | undefined, value: string): string {
  if (field?.dataType.abbreviation === 'CB') return value === 'true' ? t('submissions.yes') : t('submissions.no');
  if (field?.dataType.abbreviation === 'CBL') {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list)) return list.join(', ');
    } catch {
      /* shown as stored */
    }
  }
  return value;
}

/** The filled form as it was filled: its own version's prompts, in its ordinal order. */
function SubmissionView({ submissionId, onClose }: { submissionId: number; onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const s = useSubmission(institution.id, protocol.id, submissionId);
  const { t } = useTranslation('forms');
  return (
    <Dialog
      opened
      onClose={onClose}
      size="lg"
      title={s.data?.collectionProtocolForm.name ?? t('submissions.filledForm')}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {s.isPending && <Loader role="status" size="sm" type="dots" aria-label={t('submissions.loading')} />}
      {s.isError && (
        <Alert color="red" title={t('submissions.loadFailed')}>
          {s.error.message}
        </Alert>
      )}
      {s.data && <Answers detail={s.data} />}
    </Dialog>
  );
}

function Answers({ detail }: { detail: SubmissionDetail }) {
  const { t } = useTranslation('forms');
  const byField = new Map(
    detail.submittedCollectionProtocolFormValues.map((v) => [v.collectionProtocolFormFieldId, v]),
  );
  const fieldById = new Map(detail.fields.map((f) => [f.id, f]));
  // The version's fields by ordinal, then any answer whose field is not in that set (kept as filled).
  const rows = [
    ...[...detail.fields]
      .sort((a, b) => a.ordinal - b.ordinal)
      .map((f) => ({
        id: f.id,
        prompt: byField.get(f.id)?.collectionProtocolFormField.prompt ?? f.prompt,
        value: byField.get(f.id)?.value,
      })),
    ...detail.submittedCollectionProtocolFormValues
      .filter((v) => !fieldById.has(v.collectionProtocolFormFieldId))
      .map((v) => ({
        id: v.collectionProtocolFormFieldId,
        prompt: v.collectionProtocolFormField.prompt,
        value: v.value,
      })),
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('submissions.filled', {
          date: formatDateTime(detail.createdDate),
          version: detail.formVersion,
          site: detail.institutionSite?.title ?? '',
        })}
        {detail.sampleId ? t('submissions.sample', { sampleId: detail.sampleId }) : ''}
      </Text>
      <Table withTableBorder verticalSpacing={6} aria-label={t('submissions.answers')}>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" w="45%" fw={500}>
                {r.prompt}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                {r.value === undefined ? (
                  <Text span size="sm" c="dimmed">
                    {t('submissions.notAnswered')}
                  </Text>
                ) : (
                  display(t, fieldById.get(r.id), r.value)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
