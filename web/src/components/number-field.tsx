import { useState, type FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { parseTypedNumber } from '@contract/common.contract';
import { MSG } from '@contract/messages';
import { translateMessage } from '@/lib/field-messages';

type Props = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** A number, or the text as typed. */
  value?: number | string | null;
  /** The text as typed ('' when emptied): the contract's typedNumber reads it, or refuses it. */
  onChange?: (value: string) => void;
  /** A whole number ('1.5' is 'Enter a whole number'). */
  whole?: boolean;
};

/** The field's own message for text that is not a number, or null (empty is the form's business). */
export function numberProblem(text: string, whole = false): string | null {
  if (text.trim() === '') return null;
  if (parseTypedNumber(text) === null) return translateMessage(MSG.enterNumber);
  return whole && parseTypedNumber(text, true) === null ? translateMessage(MSG.enterWholeNumber) : null;
}

/**
 * The one number input for amounts and quantities (issue 28 item 2): a text box that keeps exactly what was
 * typed. '1O.5' stays '1O.5' and says 'Enter a number' once left, where a NumberInput would drop the letter
 * and save 1.5; the form validates with the contract's typedNumber, which refuses the same text.
 */
export function NumberField({ value, onChange, whole = false, error, onBlur, ...props }: Props) {
  const [left, setLeft] = useState(false);
  const text = value === null || value === undefined ? '' : String(value);
  const shown = error ?? (left ? numberProblem(text, whole) : null);
  return (
    <TextInput
      autoComplete="off"
      inputMode={whole ? 'numeric' : 'decimal'}
      {...props}
      value={text}
      error={shown}
      onChange={(e) => onChange?.(e.currentTarget.value)}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        onBlur?.(e);
      }}
    />
  );
}
