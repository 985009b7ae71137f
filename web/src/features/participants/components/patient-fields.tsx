import { Select, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import type { UseFormReturnType } from '@mantine/form';
import '@mantine/dates/styles.layer.css';
import type { Option } from '@/lib/lookup-options';
import type { PatientFormValues } from './patient-form-values';
import { today } from '@/lib/format';
import { TimeField } from '@/components/time-field';

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
  const { t } = useTranslation('participants');
  const select = (name: keyof PatientFormValues, label: string, data: Option[], autofocus = false) => (
    <Select
      label={label}
      withAsterisk
      data={data}
      searchable
      allowDeselect={false}
      data-autofocus={autofocus || undefined}
      placeholder={lookups.loading ? t('loadingEllipsis', { ns: 'common' }) : t('choose', { ns: 'common' })}
      nothingFoundMessage={t('nothingFound', { ns: 'common' })}
      {...form.getInputProps(name)}
    />
  );
  return (
    <Stack gap="sm">
      {select('patientTypeId', t('form.participantType'), lookups.patientTypes, true)}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('form.mrn')}
          autoComplete="off"
          readOnly={mrnReadOnly}
          variant={mrnReadOnly ? 'filled' : 'default'}
          rightSection={
            mrnReadOnly ? (
              <Tooltip label={t('form.mrnLocked')}>
                <IconLock size={16} aria-label={t('form.readOnly')} />
              </Tooltip>
            ) : null
          }
          {...form.getInputProps('patientMRN')}
        />
        <TextInput
          label={t('form.socialSecurityNumber')}
          autoComplete="off"
          {...form.getInputProps('socialSecurityNumber')}
        />
      </SimpleGrid>
      <TextInput label={t('form.externalSubjectId')} autoComplete="off" {...form.getInputProps('externalSubjectId')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label={t('form.firstName')} withAsterisk autoComplete="off" {...form.getInputProps('firstName')} />
        <TextInput label={t('form.fatherName')} withAsterisk autoComplete="off" {...form.getInputProps('fatherName')} />
        <TextInput
          label={t('form.grandFatherName')}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('grandFatherName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {select('genderId', t('form.gender'), lookups.genders)}
        {select('maritalStatusId', t('form.maritalStatus'), lookups.maritalStatuses)}
        {select('vitalStatusId', t('form.vitalStatus'), lookups.vitalStatuses)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <DateField
          label={t('form.birthDate')}
          withAsterisk
          maxDate={today()}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('birthDate')}
        />
        <TimeField label={t('form.birthTime')} withAsterisk {...form.getInputProps('birthTime')} />
        {/* spec 1 §4: the Death Date appears only for a 'dead' vital status, and is then required. */}
        {dead && (
          // A death date before the birth date stays as typed; the contract's rule explains it on submit.
          <DateField
            label={t('form.deathDate')}
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
