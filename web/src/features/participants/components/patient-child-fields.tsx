import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Option } from '@/lib/lookup-options';
import type { PatientFormValues } from './patient-form-values';
import { ChipPicker } from './chip-picker';
import { PhoneNumbers } from './phone-numbers';
import { SiteMrnRows } from './site-mrn-rows';

interface Props {
  form: UseFormReturnType<PatientFormValues>;
  localPhoneRule: boolean;
  sites: Option[];
}

/**
 * Races, ethnicities, phone numbers and site MRNs of the participant form. Create and edit hold them in the
 * form and save them with the participant in one call (register, or edit: issue 28), so Discard drops them too.
 */
export function PatientChildFields({ form, localPhoneRule, sites }: Props) {
  const { t } = useTranslation('participants');
  const pick = (list: 'races' | 'ethnicities') => (c: { id: number; label: string }) => {
    if (!form.values[list].some((r) => r.id === c.id)) form.insertListItem(list, { ...c, key: randomId() });
    form.clearFieldError(list);
  };
  return (
    <>
      <ChipPicker
        list="races"
        label={t('form.races')}
        chips={form.values.races}
        error={form.errors.races}
        onPick={pick('races')}
        onRemove={(c) =>
          form.setFieldValue(
            'races',
            form.values.races.filter((r) => r.key !== c.key),
          )
        }
      />
      <ChipPicker
        list="ethnicities"
        label={t('form.ethnicities')}
        chips={form.values.ethnicities}
        error={form.errors.ethnicities}
        onPick={pick('ethnicities')}
        onRemove={(c) =>
          form.setFieldValue(
            'ethnicities',
            form.values.ethnicities.filter((r) => r.key !== c.key),
          )
        }
      />
      <PhoneNumbers
        localRule={localPhoneRule}
        phones={form.values.phoneNumbers}
        error={Object.entries(form.errors).find(([k]) => k.startsWith('phoneNumbers'))?.[1] as string | undefined}
        onAdd={(p) => {
          form.insertListItem('phoneNumbers', { ...p, key: randomId() });
          return true;
        }}
        onRemove={(p) =>
          form.setFieldValue(
            'phoneNumbers',
            form.values.phoneNumbers.filter((x) => x.key !== p.key),
          )
        }
      />
      <SiteMrnRows form={form} sites={sites} />
    </>
  );
}
