import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import type { Patient } from '@contract/participants.contract';
import { birthDateTime, fullName } from '@/lib/format';

const dash = (v: string | null | undefined) => v || '—';

/** The Participants table columns (spec 1 §2), plus the main MRN. */
export function patientColumns(
  t: TFunction<'participants'>,
  onEdit?: (p: Patient) => void,
): DataTableColumn<Patient>[] {
  const columns: DataTableColumn<Patient>[] = [
    { accessor: 'name', title: t('columns.name'), render: (p) => fullName(p) },
    { accessor: 'birthDate', title: t('columns.birthDate'), noWrap: true, render: birthDateTime },
    { accessor: 'gender', title: t('columns.gender'), render: (p) => dash(p.gender?.title) },
    { accessor: 'maritalStatus', title: t('columns.maritalStatus'), render: (p) => dash(p.maritalStatus?.title) },
    { accessor: 'vitalStatus', title: t('columns.vitalStatus'), render: (p) => dash(p.vitalStatus?.title) },
    { accessor: 'patientType', title: t('columns.patientType'), render: (p) => dash(p.patientType?.title) },
    {
      accessor: 'externalSubjectId',
      title: t('columns.externalSubjectId'),
      render: (p) => dash(p.externalSubjectId),
    },
    { accessor: 'patientMRN', title: t('columns.mrn'), render: (p) => dash(p.patientMRN) },
  ];
  if (!onEdit) return columns;
  columns.push({
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    width: 56,
    render: (p) => (
      <Tooltip label={t('edit', { ns: 'common' })}>
        <ActionIcon
          variant="subtle"
          aria-label={t('list.editOne', { name: fullName(p) })}
          onClick={(e) => {
            e.stopPropagation();
            onEdit(p);
          }}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
    ),
  });
  return columns;
}
