import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateMessage } from '@/lib/field-messages';

type Props = TextInputProps & {
  /** The contract's rule for the field (e.g. code2): its max is the limit shown and its message the one said. */
  rule: z.ZodString;
  value?: string | null;
};

/** What the contract says of text longer than its max, or null. */
export function tooLongProblem(rule: z.ZodString, text: string): string | null {
  if (rule.maxLength === null || text.trim().length <= rule.maxLength) return null;
  return translateMessage(
    rule.safeParse(text).error?.issues.find((i) => i.code === 'too_big')?.message ??
      `At most ${rule.maxLength} characters`,
  );
}

/**
 * A text field with a length limit from the contract (issue 28 item 2): it shows 'n/max' as you type and, past
 * the limit, says so with the contract's own message right away. Nothing is cut: a pasted or typed 'BCX' in a
 * 2-character code stays 'BCX' and is explained, where a bare maxLength would keep 'BC' without a word.
 */
export function LimitedTextInput({ rule, value, error, ...props }: Props) {
  const { t } = useTranslation('common');
  const max = rule.maxLength ?? Infinity;
  const length = (value ?? '').trim().length;
  const over = tooLongProblem(rule, value ?? '');
  const counter = (
    <Text size="xs" c={over ? 'red.8' : 'dimmed'} aria-label={t('limited.counter', { length, max })}>
      {length}/{max}
    </Text>
  );
  return (
    <TextInput
      autoComplete="off"
      rightSection={counter}
      rightSectionWidth={44}
      {...props}
      value={value ?? ''}
      error={error ?? over}
    />
  );
}
