import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { ActionIcon, CloseButton, Popover, TextInput, type PopoverProps, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isoDate } from '@contract/common.contract';
import { translateMessage } from '@/lib/field-messages';
import '@mantine/dates/styles.layer.css';
// The calendar's month and weekday names in each language of contract/i18n/languages.ts (English is dayjs's own).
import 'dayjs/locale/fr';

type Props = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** YYYY-MM-DD, or the text as typed (kept, never rolled over: 2027-02-30 stays 2027-02-30). */
  value?: string | null;
  /** The text as typed; null when emptied. */
  onChange?: (value: string | null) => void;
  /** Days before it are greyed out in the calendar; a typed earlier date is kept for the form's rule to explain. */
  minDate?: string | null;
  maxDate?: string | null;
  /** A clear button while the field holds text. */
  clearable?: boolean;
  popoverProps?: Partial<PopoverProps>;
};

/** The contract's message for text that is not a calendar date, or null (empty is the form's business). */
export function dateProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const parsed = isoDate.safeParse(text);
  return parsed.success ? null : translateMessage(parsed.error.issues[0].message);
}

/**
 * The one date input: a text box in YYYY-MM-DD with a calendar (issue 28 item 2). What was typed is kept as
 * typed: an impossible date (2027-02-30) or a date outside min/max is never rolled over nor erased; the
 * field says 'Not a valid date' once left (or the form's rule says why), and the form submits nothing else.
 * The calendar opens on click or ArrowDown, never merely on focus (a keyboard user tabs through), and
 * Escape closes only the calendar (the full-screen form around it stays open).
 */
export function DateField({
  value,
  onChange,
  minDate,
  maxDate,
  clearable,
  popoverProps,
  error,
  onClick,
  onKeyDown,
  onBlur,
  rightSection,
  ...props
}: Props) {
  const { t, i18n } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const [left, setLeft] = useState(false);
  const dropdown = useRef<HTMLDivElement>(null);
  const text = value ?? '';
  const valid = text !== '' && dateProblem(text) === null;
  const outside = (day: string) => Boolean((minDate && day < minDate) || (maxDate && day > maxDate));
  // The form's message wins; otherwise the field explains its own text once the user has left it.
  const shown = error ?? (left ? dateProblem(text) : null);
  const set = (v: string | null) => onChange?.(v === '' ? null : v);
  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !opened && e.altKey)) {
      e.preventDefault();
      setOpened(true);
    }
    if (e.key === 'Escape' && opened) setOpened(false);
    onKeyDown?.(e);
  };
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    // A click in the calendar moves focus into it: keep it open for that click.
    if (!dropdown.current?.contains(e.relatedTarget as Node | null)) setOpened(false);
    setLeft(true);
    onBlur?.(e);
  };
  const clear =
    clearable && text !== '' ? (
      <CloseButton size="sm" aria-label={t('date.clear')} onClick={() => set(null)} />
    ) : (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={t('date.open')}
        tabIndex={-1}
        onClick={() => setOpened((o) => !o)}
      >
        <IconCalendar size={16} />
      </ActionIcon>
    );
  return (
    <Popover
      withRoles={false}
      position="bottom-start"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      {...popoverProps}
      opened={opened}
      onChange={setOpened}
    >
      {/* No aria-expanded on a text box (axe: aria-allowed-attr); the calendar is a helper, the text is the value. */}
      <Popover.Target>
        <TextInput
          placeholder={t('date.placeholder')}
          autoComplete="off"
          inputMode="numeric"
          {...props}
          value={text}
          error={shown}
          rightSection={rightSection ?? clear}
          // Mantine's modals leave an Escape alone when its target carries this flag.
          data-mantine-stop-propagation={opened || undefined}
          onChange={(e) => set(e.currentTarget.value)}
          onClick={(e) => {
            setOpened(true);
            onClick?.(e);
          }}
          onKeyDown={keys}
          onBlur={blur}
        />
      </Popover.Target>
      <Popover.Dropdown ref={dropdown}>
        <DatePicker
          locale={i18n.language}
          value={valid ? text : null}
          defaultDate={valid ? text : (maxDate ?? undefined)}
          getDayProps={(day) => ({ disabled: outside(day) })}
          onChange={(day) => {
            setOpened(false);
            setLeft(false);
            set(day);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
