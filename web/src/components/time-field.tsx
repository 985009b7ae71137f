import type { ReactNode } from 'react';
import { TimeInput, TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

interface Props {
  label?: ReactNode;
  description?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  /** The time as the forms keep it: HH:mm on the 24-hour clock, '' for none. */
  value?: string;
  onChange?: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  maw?: number | string;
  'aria-label'?: string;
  'data-field-id'?: number | string;
}

/**
 * The one time field of the forms (issue 33). In English it is the browser's own time input (`<input
 * type="time">`), as the spec's screens had it: the browser draws it in the browser's own locale (08:30 AM in an
 * English browser, 08:30 in a French one), whatever language the account chose. In every other language it is
 * Mantine's TimePicker on the 24-hour clock (hours and minutes fields, no AM/PM), so a French-speaking technician
 * on an English browser meets no 'AM'/'PM'. Both give the same value: HH:mm, or '' when empty.
 */
export function TimeField({
  value,
  onChange,
  label,
  description,
  withAsterisk,
  disabled,
  error,
  onFocus,
  onBlur,
  maw,
  ...data
}: Props) {
  const { t, i18n } = useTranslation('common');
  const common = { label, description, withAsterisk, disabled, error, onFocus, onBlur, maw, ...data };
  if (i18n.language === 'en')
    return <TimeInput {...common} value={value ?? ''} onChange={(e) => onChange?.(e.currentTarget.value)} />;
  return (
    <TimePicker
      {...common}
      format="24h"
      value={value ?? ''}
      onChange={(v) => onChange?.(v)}
      hoursInputLabel={t('time.hours')}
      minutesInputLabel={t('time.minutes')}
    />
  );
}
