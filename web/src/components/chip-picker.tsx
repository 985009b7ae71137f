import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Combobox, Input, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ChipGroup } from './removable-chip';

export interface ChipOption {
  value: string;
  label: string;
}
export interface PickedChip extends ChipOption {
  key: string | number;
}

interface Props {
  id: string;
  label: string;
  /** Called with the typed term, debounced; the caller searches and passes the result as `options`. */
  onTermChange: (term: string) => void;
  options?: ChipOption[];
  searching: boolean;
  chips: PickedChip[];
  onPick: (option: ChipOption) => void;
  onRemove: (chip: PickedChip) => void;
  error?: ReactNode;
  busy?: boolean;
  required?: boolean;
  dataPath?: string;
}

/**
 * The one autocomplete that collects chips (races, ethnicities, panels): typing searches, picking adds a
 * removable chip and clears the box, a value already chosen is not offered again, Enter picks the highlighted
 * match and never submits the form.
 */
export function ChipPicker({
  id,
  label,
  onTermChange,
  options,
  searching,
  chips,
  onPick,
  onRemove,
  error,
  busy,
  required = true,
  dataPath,
}: Props) {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 200);
  useEffect(() => onTermChange(term), [term, onTermChange]);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const input = useRef<HTMLInputElement>(null);
  const chosen = new Set(chips.map((c) => c.value));
  // Filtered by the typed text too, so a list still answering an older search never offers a stale first match.
  const typed = search.trim().toLowerCase();
  const data = (options ?? []).filter((o) => !chosen.has(o.value) && o.label.toLowerCase().includes(typed));

  useEffect(() => {
    if (search.trim()) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options, search]);

  const pick = (value: string) => {
    const option = options?.find((o) => o.value === value);
    if (option && !chosen.has(value)) onPick(option);
    setSearch('');
    combobox.closeDropdown();
  };

  return (
    <Input.Wrapper label={label} withAsterisk={required} error={error} labelProps={{ htmlFor: id }}>
      <Combobox store={combobox} onOptionSubmit={pick}>
        <Combobox.Target ref={input}>
          <TextInput
            id={id}
            value={search}
            placeholder={t('chips.placeholder', { what: label.toLowerCase() })}
            error={!!error}
            autoComplete="off"
            data-path={dataPath}
            rightSection={searching || busy ? <Loader size={14} /> : null}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              combobox.openDropdown();
            }}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
              if (e.key === 'ArrowDown') combobox.openDropdown();
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
            {data.length ? (
              data.map((o) => (
                <Combobox.Option value={o.value} key={o.value}>
                  {o.label}
                </Combobox.Option>
              ))
            ) : (
              <Combobox.Empty>{searching ? t('searching') : t('nothingFound')}</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <ChipGroup
        mt={6}
        items={chips}
        onRemove={onRemove}
        emptyFocus={input}
        chip={(c) => ({ key: c.key, label: c.label, removeLabel: t('chips.remove', { label: c.label }) })}
      />
    </Input.Wrapper>
  );
}
