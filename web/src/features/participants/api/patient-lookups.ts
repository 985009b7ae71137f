import { useLookupOptions } from '@/lib/lookup-options';

/** The four selects of the participant form, the default participant type and which vital status is 'dead'. */
export function usePatientLookups() {
  const patientTypes = useLookupOptions('patientTypes');
  const genders = useLookupOptions('genders');
  const maritalStatuses = useLookupOptions('maritalStatuses');
  const vitalStatuses = useLookupOptions('vitalStatuses');
  const all = [patientTypes, genders, maritalStatuses, vitalStatuses];
  const defaultType = patientTypes.rows.find((t) => t.isDefault);
  return {
    patientTypes: patientTypes.options,
    genders: genders.options,
    maritalStatuses: maritalStatuses.options,
    vitalStatuses: vitalStatuses.options,
    loading: all.some((q) => q.isPending),
    defaultTypeId: defaultType ? String(defaultType.id) : null,
    titleOfVitalStatus: (id: string | null) => vitalStatuses.options.find((v) => v.value === id)?.label ?? null,
  };
}
