import { useState } from 'react';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onSearch: (term: string) => void;
  placeholder?: string;
  /** Also show a 'Search' button beside the box (spec 1 §2 Participants). */
  withButton?: boolean;
}

/** Search box (400 px, spec 1 §9): Enter (or the optional Search button) searches; the clear icon resets. */
export function SearchBox({ value, onSearch, placeholder, withButton = false }: Props) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [searched, setSearched] = useState<string | null>(null);
  // Follow the URL when it changes from outside (back button, deep link). Our own search reaches the
  // URL in a later (transition) render: text typed meanwhile must not be replaced by that term.
  if (value !== shown) {
    setShown(value);
    if (value !== searched) setText(value);
    setSearched(null);
  }
  const search = (term: string) => {
    setSearched(term.trim());
    onSearch(term);
  };
  const input = (
    <TextInput
      // On a phone the box takes what the button leaves, so the button keeps its whole word.
      w={{ base: '100%', sm: 400 }}
      flex={{ base: withButton ? 1 : undefined, sm: 'none' }}
      miw={0}
      aria-label={t('search.label')}
      placeholder={placeholder ?? t('search.placeholder')}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          search(text);
        }
      }}
      leftSection={<IconSearch size={16} />}
      rightSection={
        text ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              search('');
            }}
          >
            <IconX size={14} />
          </ActionIcon>
        ) : null
      }
    />
  );
  if (!withButton) return input;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {input}
      <Button
        variant="default"
        leftSection={<IconSearch size={16} />}
        onClick={() => search(text)}
        style={{ flexShrink: 0 }}
      >
        {t('search.button')}
      </Button>
    </Group>
  );
}
