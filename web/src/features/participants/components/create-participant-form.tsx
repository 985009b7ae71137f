import { useEffect } from 'react';
import { Divider, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { serverFormErrors } from '@/lib/contract-resolver';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useRegisterPatient } from '../api/patients';
import { usePatientLookups } from '../api/patient-lookups';
import { useLookupOptions } from '@/lib/lookup-options';
import { fullName } from '@/lib/format';
import {
  blankPatient,
  isDeadTitle,
  toRegister,
  saveErrorTitle,
  validatePatient,
  type PatientFormValues,
} from './patient-form-values';
import { PatientFields } from './patient-fields';
import { PatientChildFields } from './patient-child-fields';
import { focusFirstError, scrollFormToTop } from './form-helpers';

interface Props {
  onClose: () => void;
}

/** 'Create Participant' (spec 1 §2): one POST patients/register saves the participant and every child record, or nothing. */
export function CreateParticipantForm({ onClose }: Props) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('participants');
  const instId = institution.id;
  const lookups = usePatientLookups();
  const sites = useLookupOptions('institutionSites');
  const register = useRegisterPatient(instId);
  const isDead = (v: PatientFormValues) => isDeadTitle(lookups.titleOfVitalStatus(v.vitalStatusId));
  const form = useForm<PatientFormValues>({ initialValues: blankPatient(null), validate: validatePatient(isDead) });
  const dead = isDead(form.values);
  const guard = useUnsavedChangesGuard(formChanged(form));

  // spec 1 §2: the participant type flagged isDefault is preselected once the list arrives.
  const { defaultTypeId } = lookups;
  // The preset is part of the starting values, so it alone does not make the form 'changed'.
  const { values, setFieldValue, setInitialValues, getInitialValues } = form;
  useEffect(() => {
    if (!defaultTypeId || values.patientTypeId) return;
    setInitialValues({ ...getInitialValues(), patientTypeId: defaultTypeId });
    setFieldValue('patientTypeId', defaultTypeId);
  }, [defaultTypeId, values.patientTypeId, setFieldValue, setInitialValues, getInitialValues]);

  const clear = () => {
    const blank = blankPatient(defaultTypeId);
    form.setValues(blank);
    form.setInitialValues(blank);
    form.clearErrors();
    register.reset();
  };
  const close = () => {
    clear();
    onClose();
  };

  const submit = form.onSubmit((v, event) => {
    const again = isCreateAnother(event);
    register.mutate(toRegister(v, dead), {
      onSuccess: (p) => {
        notifications.show({ color: 'teal', message: t('form.registered', { name: fullName(p) }), autoClose: 3000 });
        if (again) {
          clear();
          scrollFormToTop('create-participant-body');
          document.querySelector<HTMLElement>('[data-path="patientTypeId"]')?.focus();
        } else {
          guard.release();
          close();
        }
      },
      onError: (error) => {
        const { fields } = serverFormErrors(error);
        form.setErrors(fields);
        if (!saveErrorTitle(error)) focusFirstError(fields);
        else scrollFormToTop('create-participant-body');
      },
    });
  }, focusFirstError);

  return (
    <FullScreenForm
      title={t('form.createTitle')}
      opened
      onClose={close}
      guard={guard}
      onSubmit={submit}
      allowAnother
      width={650}
      submitting={register.isPending}
      error={saveErrorTitle(register.error)}
    >
      <Stack gap="md" id="create-participant-body">
        <PatientFields form={form} lookups={lookups} dead={dead} />
        <Divider />
        <PatientChildFields form={form} localPhoneRule={institution.localPhoneRule} sites={sites.options} />
      </Stack>
    </FullScreenForm>
  );
}
