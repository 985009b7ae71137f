import type { ReactNode } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderedTestDetail } from '@contract/orders.contract';
import { resultKind } from './result-values';
import classes from './result-input.module.css';

interface Props {
  test: OrderedTestDetail;
  value: string;
  error: ReactNode;
  readOnly: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label?: string;
}

/** One result by its test's rule: a select of accepted values, a number, or free text (issue 5). */
export function ResultInput({ test, value, error, readOnly, onChange, onBlur, label }: Props) {
  const { t } = useTranslation('orders');
  const common = {
    'aria-label': label ? undefined : t('test.resultOf', { test: test.test.title }),
    label,
    error,
    disabled: readOnly,
    onBlur,
    size: 'sm' as const,
    classNames: { input: classes.locked },
  };
  if (resultKind(test) === 'accepted') {
    const data = test.testAcceptedValues.map((a) => a.title);
    // A saved value no longer accepted still shows, so nothing is hidden from the reader.
    if (value && !data.includes(value)) data.push(value);
    return (
      <Select
        {...common}
        data={data}
        value={value || null}
        clearable={!readOnly}
        placeholder={readOnly ? '' : t('test.choose')}
        onChange={(v) => onChange(v ?? '')}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const numeric = resultKind(test) === 'numeric';
  return (
    <TextInput
      {...common}
      value={value}
      inputMode={numeric ? 'decimal' : undefined}
      autoComplete="off"
      placeholder={readOnly ? '' : numeric ? t('test.number') : t('test.result')}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
