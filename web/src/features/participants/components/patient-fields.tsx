import { Select, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { TimeInput } from '@mantine/dates';
import { DateField } from '@/components/date-field';
import type { UseFormReturnType } from '@mantine/form';
import '@mantine/dates/styles.layer.css';
import type { Option } from '@/lib/lookup-options';
import type { PatientFormValues } from './patient-form-values';
import { today } from '@/lib/format';

export interface PatientLookups {
  patientTypes: Option[];
  genders: Option[];
  maritalStatuses: Option[];
  vitalStatuses: Option[];
  loading: boolean;
}

interface Props {
  form: UseFormReturnType<PatientFormValues>;
  lookups: PatientLookups;
  dead: boolean;
  /** spec 1 §2: the MRN is read-only on the edit form. */
  mrnReadOnly?: boolean;
}

/** The participant's own fields, shared by the create and edit forms (spec 1 §2, §5). */
export function PatientFields({ form, lookups, dead, mrnReadOnly }: Props) {
  const select = (name: keyof PatientFormValues, label: string, data: Option[], autofocus = false) => (
    <Select
      label={label}
      withAsterisk
      data={data}
      searchable
      allowDeselect={false}
      data-autofocus={autofocus || undefined}
      placeholder={lookups.loading ? 'Loading…' : 'Choose'}
      nothingFoundMessage="Nothing found"
      {...form.getInputProps(name)}
    />
  );
  return (
    <Stack gap="sm">
      {select('patientTypeId', 'Participant Type', lookups.patientTypes, true)}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="MRN"
          autoComplete="off"
          readOnly={mrnReadOnly}
          variant={mrnReadOnly ? 'filled' : 'default'}
          rightSection={
            mrnReadOnly ? (
              <Tooltip label="The MRN cannot be changed here">
                <IconLock size={16} aria-label="Read-only" />
              </Tooltip>
            ) : null
          }
          {...form.getInputProps('patientMRN')}
        />
        <TextInput label="Social Security Number" autoComplete="off" {...form.getInputProps('socialSecurityNumber')} />
      </SimpleGrid>
      <TextInput label="External Subject ID" autoComplete="off" {...form.getInputProps('externalSubjectId')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="First Name" withAsterisk autoComplete="off" {...form.getInputProps('firstName')} />
        <TextInput label="Father Name" withAsterisk autoComplete="off" {...form.getInputProps('fatherName')} />
        <TextInput
          label="Grand Father Name"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('grandFatherName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {select('genderId', 'Gender', lookups.genders)}
        {select('maritalStatusId', 'Marital Status', lookups.maritalStatuses)}
        {select('vitalStatusId', 'Vital Status', lookups.vitalStatuses)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <DateField
          label="Birth Date"
          withAsterisk
          maxDate={today()}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('birthDate')}
        />
        <TimeInput label="Birth Time" withAsterisk {...form.getInputProps('birthTime')} />
        {/* spec 1 §4: the Death Date appears only for a 'dead' vital status, and is then required. */}
        {dead && (
          // A death date before the birth date stays as typed; the contract's rule explains it on submit.
          <DateField
            label="Death Date"
            withAsterisk
            minDate={form.values.birthDate}
            maxDate={today()}
            {...form.getInputProps('deathDate')}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
