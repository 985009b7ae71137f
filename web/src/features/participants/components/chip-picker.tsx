import { useState, type ReactNode } from 'react';
import { ChipPicker as SharedChipPicker } from '@/components/chip-picker';
import { useTypeahead } from '../api/lookups';

export interface Chip { key: string | number; id: number; label: string }

interface Props {
  instId: number;
  list: 'races' | 'ethnicities';
  label: string;
  chips: Chip[];
  onPick: (choice: { id: number; label: string }) => void;
  onRemove: (chip: Chip) => void;
  error?: ReactNode;
  busy?: boolean;
}

/** spec 1 §2 autocomplete of races / ethnicities on the shared chip picker. */
export function ChipPicker({ instId, list, label, chips, onPick, onRemove, error, busy }: Props) {
  const [term, setTerm] = useState('');
  const search = useTypeahead(instId, list, term);
  return (
    <SharedChipPicker id={`${list}-picker`} label={label} dataPath={list} error={error} busy={busy}
      onTermChange={setTerm} options={search.data} searching={search.isFetching}
      chips={chips.map((c) => ({ key: c.key, value: String(c.id), label: c.label }))}
      onPick={(o) => onPick({ id: Number(o.value), label: o.label })}
      onRemove={(c) => onRemove(chips.find((x) => x.key === c.key)!)} />
  );
}
