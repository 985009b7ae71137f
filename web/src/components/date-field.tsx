import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';

type Props = Omit<DateInputProps, 'minDate' | 'maxDate' | 'valueFormat'> & {
  /** Days before it are greyed out in the calendar; a typed earlier date is kept for the form's rule to explain. */
  minDate?: string | null;
  maxDate?: string | null;
};

/**
 * The one date input (YYYY-MM-DD). Unlike a bare DateInput it
 * - opens its calendar on click or ArrowDown, never merely on focus (a keyboard user tabs through);
 * - closes only the calendar on Escape (the full-screen form around it stays open);
 * - never erases a typed date outside min/max: the form's validation says why it is wrong instead.
 */
export function DateField({ minDate, maxDate, popoverProps, onClick, onKeyDown, onBlur, onChange, ...props }: Props) {
  const [opened, setOpened] = useState(false);
  const outside = (day: string) => Boolean((minDate && day < minDate) || (maxDate && day > maxDate));
  return (
    <DateInput valueFormat="YYYY-MM-DD" placeholder="YYYY-MM-DD" {...props}
      popoverProps={{ ...popoverProps, opened }}
      // Mantine's modals leave an Escape alone when its target carries this flag.
      data-mantine-stop-propagation={opened || undefined}
      getDayProps={(day) => ({ disabled: outside(day) })}
      onClick={(e) => { setOpened(true); onClick?.(e); }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || (e.key === 'Enter' && !opened && e.altKey)) setOpened(true);
        if (e.key === 'Escape' && opened) setOpened(false);
        onKeyDown?.(e);
      }}
      onBlur={(e) => { setOpened(false); onBlur?.(e); }}
      onChange={(value) => { setOpened(false); onChange?.(value); }} />
  );
}
