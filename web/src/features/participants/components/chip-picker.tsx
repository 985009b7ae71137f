import { useEffect, useState, type ReactNode } from 'react';
import { Combobox, Group, Input, Loader, TextInput, useCombobox } from '@mantine/core';
import { RemovableChip } from './removable-chip';
import { useDebouncedValue } from '@mantine/hooks';
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

/**
 * spec 1 §2 autocomplete of races / ethnicities: typing searches the server, picking adds a removable
 * chip and clears the box; a value already chosen is not added again. Enter picks the highlighted match.
 */
export function ChipPicker({ instId, list, label, chips, onPick, onRemove, error, busy }: Props) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 200);
  const options = useTypeahead(instId, list, term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const chosen = new Set(chips.map((c) => c.id));
  // Filtered by the typed text too, so a list still answering an older search never offers a stale first match.
  const typed = search.trim().toLowerCase();
  const data = (options.data ?? []).filter((o) => !chosen.has(Number(o.value)) && o.label.toLowerCase().includes(typed));

  // Highlight the first match so Enter picks it.
  useEffect(() => {
    if (search.trim()) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.data, search]);

  const pick = (value: string) => {
    const option = options.data?.find((o) => o.value === value);
    if (option && !chosen.has(Number(value))) onPick({ id: Number(value), label: option.label });
    setSearch('');
    combobox.closeDropdown();
  };

  const inputId = `${list}-picker`;
  return (
    <Input.Wrapper label={label} withAsterisk error={error} labelProps={{ htmlFor: inputId }}>
      <Combobox store={combobox} onOptionSubmit={pick}>
        <Combobox.Target>
          <TextInput id={inputId} value={search} placeholder={`Type to search ${label.toLowerCase()}`}
            error={!!error} autoComplete="off" data-path={list}
            rightSection={options.isFetching || busy ? <Loader size={14} /> : null}
            onChange={(e) => { setSearch(e.currentTarget.value); combobox.openDropdown(); }}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && search) e.preventDefault();
              if (e.key === 'ArrowDown') combobox.openDropdown();
            }} />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
            {data.length
              ? data.map((o) => <Combobox.Option value={o.value} key={o.value}>{o.label}</Combobox.Option>)
              : <Combobox.Empty>{options.isFetching ? 'Searching…' : 'Nothing found'}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {chips.length > 0 && (
        <Group gap={6} mt={6}>
          {chips.map((c) => (
            <RemovableChip key={c.key} onRemove={() => onRemove(c)} removeLabel={`Remove ${c.label}`}>{c.label}</RemovableChip>
          ))}
        </Group>
      )}
    </Input.Wrapper>
  );
}
