import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** Enter or the button: a barcode scanner types the ID and presses Enter. */
  onFind: () => void;
  label?: string;
  placeholder?: string;
  button?: string;
  loading?: boolean;
  /** The button stays usable on empty input unless this is set (some callers explain an empty find). */
  disableWhenEmpty?: boolean;
  autoFocus?: boolean;
  w?: TextInputProps['w'];
  maw?: TextInputProps['maw'];
}

/**
 * The one sample-ID scan field: a text box a scanner types into, found on Enter or by the button. No form
 * element, so it can sit inside another form (New Order) without submitting it.
 */
export function ScanField({
  value,
  onChange,
  onFind,
  label,
  placeholder,
  button,
  loading,
  disableWhenEmpty,
  autoFocus,
  w,
  maw,
}: Props) {
  const { t } = useTranslation('common');
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label ?? t('scan.label')}
        placeholder={placeholder ?? t('scan.placeholder')}
        data-autofocus={autoFocus || undefined}
        autoComplete="off"
        spellCheck={false}
        flex={w === undefined ? 1 : undefined}
        w={w}
        maw={maw}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onFind();
          }
        }}
      />
      <Button
        variant="light"
        leftSection={<IconSearch size={16} />}
        onClick={onFind}
        loading={loading}
        disabled={disableWhenEmpty && !value.trim()}
      >
        {button ?? t('scan.button')}
      </Button>
    </Group>
  );
}
