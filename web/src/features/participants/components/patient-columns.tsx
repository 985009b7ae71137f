import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { Patient } from '@contract/participants.contract';
import { birthDateTime, fullName } from '@/lib/format';

const dash = (v: string | null | undefined) => v || '—';

/** The Participants table columns (spec 1 §2), plus the main MRN. */
export function patientColumns(onEdit?: (p: Patient) => void): DataTableColumn<Patient>[] {
  const columns: DataTableColumn<Patient>[] = [
    { accessor: 'name', title: 'Name', render: (p) => fullName(p) },
    { accessor: 'birthDate', title: 'Birth Date', noWrap: true, render: birthDateTime },
    { accessor: 'gender', title: 'Gender', render: (p) => dash(p.gender?.title) },
    { accessor: 'maritalStatus', title: 'Marital Status', render: (p) => dash(p.maritalStatus?.title) },
    { accessor: 'vitalStatus', title: 'Vital Status', render: (p) => dash(p.vitalStatus?.title) },
    { accessor: 'patientType', title: 'Patient Type', render: (p) => dash(p.patientType?.title) },
    { accessor: 'externalSubjectId', title: 'External Subject ID', render: (p) => dash(p.externalSubjectId) },
    { accessor: 'patientMRN', title: 'MRN', render: (p) => dash(p.patientMRN) },
  ];
  if (!onEdit) return columns;
  columns.push({
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    width: 56,
    render: (p) => (
      <Tooltip label="Edit">
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${fullName(p)}`}
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
