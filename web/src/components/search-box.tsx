import { useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

interface Props {
  value: string;
  onSearch: (term: string) => void;
  placeholder?: string;
}

/** Search box (400 px, spec 1 §9): Enter or the search icon searches; the clear icon resets. */
export function SearchBox({ value, onSearch, placeholder = 'Search' }: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Follow the URL when it changes from outside (back button, deep link).
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
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
}
