import { Alert, Divider, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MSG } from '@contract/messages';
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
import { useChildMutations, usePatientChildren } from '../api/patient-children';
import { isDeadTitle, patientToValues, toPatientInput, saveErrorTitle, validateEdit, type PatientFormValues } from './patient-form-values';
import { PatientFields } from './patient-fields';
import { ChipPicker } from './chip-picker';
import { PhoneNumbers } from './phone-numbers';
import { EditSiteMrns } from './edit-site-mrns';
import { focusFirstError, scrollFormToTop } from './form-helpers';

interface Props {
  patientId: number;
  onClose: () => void;
  /** After a save: `again` is 'Submit and create another' (opens an empty create form). */
  onSaved: (again: boolean) => void;
}

/** 'Edit a Participant' (spec 1 §2): fields saved with PUT and the concurrency stamp; child records change at once. */
export function EditParticipantForm({ patientId, onClose, onSaved }: Props) {
  const { institution } = useCurrentInstitution();
  const patient = usePatient(institution.id, patientId);
  if (patient.data) return <EditForm key={patient.data.id} patient={patient.data} onClose={onClose} onSaved={onSaved} />;
  return (
    <FullScreenForm title="Edit a Participant" opened onClose={onClose} onSubmit={(e) => e?.preventDefault()} width={650}>
      {patient.isError ? <Alert color="red" title={patient.error.message} /> : <PageLoader label="Loading participant" />}
    </FullScreenForm>
  );
}

function EditForm({ patient, onClose, onSaved }: { patient: Patient; onClose: () => void; onSaved: (again: boolean) => void }) {
  const { institution } = useCurrentInstitution();
  const instId = institution.id;
  const lookups = usePatientLookups();
  const sites = useLookupOptions('institutionSites');
  const update = useUpdatePatient(instId, patient.id);
  const races = usePatientChildren(instId, patient.id, 'patientRaces');
  const ethnicities = usePatientChildren(instId, patient.id, 'patientEthnicities');
  const phones = usePatientChildren(instId, patient.id, 'patientPhoneNumbers');
  const mrns = usePatientChildren(instId, patient.id, 'patientMRNs');
  const raceOps = useChildMutations(instId, patient.id, 'patientRaces');
  const ethnicityOps = useChildMutations(instId, patient.id, 'patientEthnicities');
  const phoneOps = useChildMutations(instId, patient.id, 'patientPhoneNumbers');
  const mrnOps = useChildMutations(instId, patient.id, 'patientMRNs');

  const isDead = (v: PatientFormValues) => isDeadTitle(lookups.titleOfVitalStatus(v.vitalStatusId));
  // spec 1 §5: edit checks the same rules as create, so at least one race and one ethnicity must remain.
  const validate = (v: PatientFormValues) => ({
    ...validateEdit(isDead)(v),
    ...(races.data?.length === 0 ? { races: MSG.requiredSelect } : {}),
    ...(ethnicities.data?.length === 0 ? { ethnicities: MSG.requiredSelect } : {}),
  });
  const form = useForm<PatientFormValues>({ initialValues: patientToValues(patient), validate });
  const dead = isDead(form.values);
  const guard = useUnsavedChangesGuard(formChanged(form));

  const submit = form.onSubmit((v, event) => {
    const again = isCreateAnother(event);
    update.mutate(toPatientInput(v, dead), {
      onSuccess: (p) => {
        notifications.show({ color: 'teal', message: `Participant ${fullName(p)} saved.`, autoClose: 3000 });
        guard.release();
        onSaved(again);
      },
      onError: (error) => {
        const { fields } = serverFormErrors(error);
        form.setErrors(fields);
        if (!saveErrorTitle(error)) focusFirstError(fields);
        else scrollFormToTop('edit-participant-body');
      },
    });
  }, focusFirstError);

  const chipsOf = (records: typeof races.data, ref: 'race' | 'ethnicity') =>
    (records ?? []).map((r) => ({ key: r.id, id: Number(r[`${ref}Id`]), label: r[ref]?.title ?? '' }));
  const saved = (p: Promise<unknown>) => p.then(() => true, () => false);

  return (
    <FullScreenForm title="Edit a Participant" opened onClose={onClose} onSubmit={submit} guard={guard} allowAnother width={650}
      submitting={update.isPending} error={saveErrorTitle(update.error)}>
      <Stack gap="md" id="edit-participant-body">
        <PatientFields form={form} lookups={lookups} dead={dead} mrnReadOnly />
        <Divider />
        <ChipPicker list="races" label="Races" chips={chipsOf(races.data, 'race')} error={form.errors.races}
          busy={races.isFetching || raceOps.add.isPending || raceOps.disable.isPending}
          onPick={(c) => { form.clearFieldError('races'); raceOps.add.mutate({ raceId: c.id }); }}
          onRemove={(c) => raceOps.disable.mutate(Number(c.key))} />
        <ChipPicker list="ethnicities" label="Ethnicities" chips={chipsOf(ethnicities.data, 'ethnicity')} error={form.errors.ethnicities}
          busy={ethnicities.isFetching || ethnicityOps.add.isPending || ethnicityOps.disable.isPending}
          onPick={(c) => { form.clearFieldError('ethnicities'); ethnicityOps.add.mutate({ ethnicityId: c.id }); }}
          onRemove={(c) => ethnicityOps.disable.mutate(Number(c.key))} />
        <PhoneNumbers localRule={institution.localPhoneRule}
          phones={(phones.data ?? []).map((p) => ({ key: p.id, phoneNumberTypeId: Number(p.phoneNumberTypeId), phoneNumber: p.phoneNumber ?? '', typeTitle: p.phoneNumberType?.title ?? '' }))}
          onAdd={(p) => saved(phoneOps.add.mutateAsync({ phoneNumberTypeId: p.phoneNumberTypeId, phoneNumber: p.phoneNumber }))}
          onRemove={(p) => phoneOps.disable.mutate(Number(p.key))} />
        <EditSiteMrns sites={sites.options} records={(mrns.data ?? []).filter((m) => m.institutionSiteId !== null)}
          onAdd={(row) => saved(mrnOps.add.mutateAsync(row))}
          onRemove={(r) => mrnOps.disable.mutate(r.id)} />
      </Stack>
    </FullScreenForm>
  );
}
