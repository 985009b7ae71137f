import { useState } from 'react';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

interface Props {
  value: string;
  onSearch: (term: string) => void;
  placeholder?: string;
  /** Also show a 'Search' button beside the box (spec 1 §2 Participants). */
  withButton?: boolean;
}

/** Search box (400 px, spec 1 §9): Enter (or the optional Search button) searches; the clear icon resets. */
export function SearchBox({ value, onSearch, placeholder = 'Search', withButton = false }: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Follow the URL when it changes from outside (back button, deep link).
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const input = (
    <TextInput
      w={{ base: '100%', sm: 400 }}
      aria-label="Search"
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); onSearch(text); } }}
      leftSection={<IconSearch size={16} />}
      rightSection={text ? (
        <ActionIcon variant="subtle" color="gray" aria-label="Clear search" onClick={() => { setText(''); onSearch(''); }}>
          <IconX size={14} />
        </ActionIcon>
      ) : null}
    />
  );
  if (!withButton) return input;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {input}
      <Button variant="default" leftSection={<IconSearch size={16} />} onClick={() => onSearch(text)}>Search</Button>
    </Group>
  );
}
