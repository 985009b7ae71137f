import { useState, type ReactNode } from 'react';
import { ChipPicker as SharedChipPicker } from '@/components/chip-picker';
import { useLookupOptions } from '@/lib/lookup-options';

export interface Chip {
  key: string | number;
  id: number;
  label: string;
}

interface Props {
  list: 'races' | 'ethnicities';
  label: string;
  chips: Chip[];
  onPick: (choice: { id: number; label: string }) => void;
  onRemove: (chip: Chip) => void;
  error?: ReactNode;
  busy?: boolean;
}

/** spec 1 §2 autocomplete of races / ethnicities on the shared chip picker. */
export function ChipPicker({ list, label, chips, onPick, onRemove, error, busy }: Props) {
  const [term, setTerm] = useState('');
  const search = useLookupOptions(list, { search: term });
  return (
    <SharedChipPicker
      id={`${list}-picker`}
      label={label}
      dataPath={list}
      error={error}
      busy={busy}
      onTermChange={setTerm}
      options={search.options}
      searching={search.isFetching}
      chips={chips.map((c) => ({ key: c.key, value: String(c.id), label: c.label }))}
      onPick={(o) => onPick({ id: Number(o.value), label: o.label })}
      onRemove={(c) => onRemove(chips.find((x) => x.key === c.key)!)}
    />
  );
}
