import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipPicker } from '@/components/chip-picker';
import { useLookupOptions, type Option } from '@/lib/lookup-options';

interface Props {
  chips: Option[];
  onChange: (chips: Option[]) => void;
  error?: ReactNode;
}

/** spec 1 §2/§5 Panels autocomplete on the shared chip picker: at least one panel, no duplicates. */
export function PanelPicker({ chips, onChange, error }: Props) {
  const [term, setTerm] = useState('');
  const { t } = useTranslation('orders');
  const search = useLookupOptions('panels', { search: term });
  return (
    <ChipPicker
      id="order-panels"
      label={t('fields.panels')}
      dataPath="panelIds"
      error={error}
      onTermChange={setTerm}
      options={search.options}
      searching={search.isFetching}
      chips={chips.map((c) => ({ ...c, key: c.value }))}
      onPick={(o) => onChange([...chips, o])}
      onRemove={(c) => onChange(chips.filter((x) => x.value !== c.value))}
    />
  );
}
