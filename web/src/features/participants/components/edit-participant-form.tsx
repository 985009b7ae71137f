import { Alert, Divider, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@contract/participants.contract';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { PageLoader } from '@/components/page-loader';
import { serverFormErrors } from '@/lib/contract-resolver';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { usePatient, useUpdatePatient } from '../api/patients';
import { usePatientLookups } from '../api/patient-lookups';
import { useLookupOptions } from '@/lib/lookup-options';
import { fullName } from '@/lib/format';
import { usePatientChildren } from '@/lib/patient-children';
import {
  isDeadTitle,
  patientToValues,
  toRegister,
  saveErrorTitle,
  validatePatient,
  type PatientChildren,
  type PatientFormValues,
} from './patient-form-values';
import { PatientFields } from './patient-fields';
import { PatientChildFields } from './patient-child-fields';
import { focusFirstError, scrollFormToTop } from './form-helpers';

interface Props {
  patientId: number;
  onClose: () => void;
  /** After a save: `again` is 'Submit and create another' (opens an empty create form). */
  onSaved: (again: boolean) => void;
}

/**
 * 'Edit a Participant' (spec 1 §2). Fields and child records (races, ethnicities, phones, site MRNs) are
 * one save: PUT patients/{id}/edit with the concurrency stamp (issue 28), so 'Discard' drops all of it.
 */
export function EditParticipantForm({ patientId, onClose, onSaved }: Props) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('participants');
  const patient = usePatient(institution.id, patientId);
  const races = usePatientChildren(institution.id, patientId, 'patientRaces');
  const ethnicities = usePatientChildren(institution.id, patientId, 'patientEthnicities');
  const phones = usePatientChildren(institution.id, patientId, 'patientPhoneNumbers');
  const mrns = usePatientChildren(institution.id, patientId, 'patientMRNs');
  const failed = [patient, races, ethnicities, phones, mrns].find((q) => q.isError)?.error;
  if (patient.data && races.data && ethnicities.data && phones.data && mrns.data) {
    const children = { races: races.data, ethnicities: ethnicities.data, phones: phones.data, mrns: mrns.data };
    return (
      <EditForm key={patient.data.id} patient={patient.data} children={children} onClose={onClose} onSaved={onSaved} />
    );
  }
  return (
    <FullScreenForm
      title={t('form.editTitle')}
      opened
      onClose={onClose}
      onSubmit={(e) => e?.preventDefault()}
      width={650}
    >
      {failed ? <Alert color="red" title={failed.message} /> : <PageLoader label={t('form.loading')} />}
    </FullScreenForm>
  );
}

interface EditProps {
  patient: Patient;
  children: PatientChildren;
  onClose: () => void;
  onSaved: (again: boolean) => void;
}

function EditForm({ patient, children, onClose, onSaved }: EditProps) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('participants');
  const lookups = usePatientLookups();
  const sites = useLookupOptions('institutionSites');
  const update = useUpdatePatient(institution.id, patient.id);
  const isDead = (v: PatientFormValues) => isDeadTitle(lookups.titleOfVitalStatus(v.vitalStatusId));
  const form = useForm<PatientFormValues>({
    initialValues: patientToValues(patient, children),
    validate: validatePatient(isDead),
  });
  const dead = isDead(form.values);
  // Chips and rows are form values: a race added or removed is an unsaved change like a typed field.
  const guard = useUnsavedChangesGuard(formChanged(form));

  const submit = form.onSubmit((v, event) => {
    const again = isCreateAnother(event);
    update.mutate(
      { ...toRegister(v, dead), concurrencyStamp: v.concurrencyStamp ?? patient.concurrencyStamp },
      {
        onSuccess: (p) => {
          notifications.show({ color: 'teal', message: t('form.saved', { name: fullName(p) }), autoClose: 3000 });
          guard.release();
          onSaved(again);
        },
        onError: (error) => {
          const { fields } = serverFormErrors(error);
          form.setErrors(fields);
          if (!saveErrorTitle(error)) focusFirstError(fields);
          else scrollFormToTop('edit-participant-body');
        },
      },
    );
  }, focusFirstError);

  return (
    <FullScreenForm
      title={t('form.editTitle')}
      opened
      onClose={onClose}
      onSubmit={submit}
      guard={guard}
      allowAnother
      width={650}
      submitting={update.isPending}
      error={saveErrorTitle(update.error)}
    >
      <Stack gap="md" id="edit-participant-body">
        <PatientFields form={form} lookups={lookups} dead={dead} mrnReadOnly />
        <Divider />
        <PatientChildFields form={form} localPhoneRule={institution.localPhoneRule} sites={sites.options} />
      </Stack>
    </FullScreenForm>
  );
}
