import { useEffect, useState, type ReactNode } from 'react';
import { Combobox, Group, Input, Loader, Pill, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { usePanelSearch, type Option } from '../api/order-lookups';

interface Props {
  instId: number;
  chips: Option[];
  onChange: (chips: Option[]) => void;
  error?: ReactNode;
}

/**
 * spec 1 §2/§5 Panels autocomplete: typing searches the server, picking appends a removable chip and
 * clears the box; a panel already chosen is not offered again. Enter picks the highlighted match.
 */
export function PanelPicker({ instId, chips, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 200);
  const options = usePanelSearch(instId, term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const chosen = new Set(chips.map((c) => c.value));
  const data = (options.data ?? []).filter((o) => !chosen.has(o.value));

  useEffect(() => {
    if (search.trim()) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.data, search]);

  const pick = (value: string) => {
    const option = options.data?.find((o) => o.value === value);
    if (option && !chosen.has(value)) onChange([...chips, option]);
    setSearch('');
    combobox.closeDropdown();
  };

  return (
    <Input.Wrapper label="Panels" withAsterisk error={error} labelProps={{ htmlFor: 'order-panels' }}>
      <Combobox store={combobox} onOptionSubmit={pick}>
        <Combobox.Target>
          <TextInput id="order-panels" value={search} placeholder="Type to search panels" error={!!error} autoComplete="off"
            data-path="panelIds" rightSection={options.isFetching ? <Loader size={14} /> : null}
            onChange={(e) => { setSearch(e.currentTarget.value); combobox.openDropdown(); }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }} />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
            {data.length
              ? data.map((o) => <Combobox.Option value={o.value} key={o.value}>{o.label}</Combobox.Option>)
              : <Combobox.Empty>{options.isFetching ? 'Searching…' : 'No panel found'}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {chips.length > 0 && (
        <Group gap={6} mt={6}>
          {chips.map((c) => (
            <Pill key={c.value} size="md" withRemoveButton onRemove={() => onChange(chips.filter((x) => x.value !== c.value))}
              removeButtonProps={{ 'aria-label': `Remove ${c.label}` }}>{c.label}</Pill>
          ))}
        </Group>
      )}
    </Input.Wrapper>
  );
}
