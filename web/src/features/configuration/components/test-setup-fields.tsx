import { useEffect, useRef, useState } from 'react';
import { Fieldset, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { TestSetupInput } from '@contract/test-setup.contract';
import { NumberField } from '@/components/number-field';
import { usePendingAdder } from '@/components/pending-adders';
import { translateMessage } from '@/lib/field-messages';
import { useTestSetup } from '../api/test-setup';
import type { FormValues } from './field-input';
import { useConfigWords } from './config-words';

/**
 * issue 11 'test set-up in one place': the Test form also holds the test's range and accepted values
 * (saved with PUT tests/{id}/setup right after the test), so nobody visits three lists to set up one test.
 */
type Form = UseFormReturnType<FormValues>;
interface Range {
  minimumValue: number | string;
  maximumValue: number | string;
}

export const setupInitialValues = (): FormValues => ({
  setupRange: { minimumValue: '', maximumValue: '' },
  acceptedValues: [],
});

/** The PUT body: a range only while Has Range is ticked, values only while Has Accepted Value is. */
export function setupBody(v: FormValues): TestSetupInput {
  const r = v.setupRange as Range;
  // The typed text goes as typed: the contract's typedNumber reads it or refuses it.
  const num = (x: number | string) => (x === '' ? undefined : x) as number | string;
  // Both limits empty: no range yet (it can be added later); one of them alone is explained as missing.
  const noRange = !v.hasRange || (r.minimumValue === '' && r.maximumValue === '');
  return {
    range: noRange ? null : { minimumValue: num(r.minimumValue), maximumValue: num(r.maximumValue) },
    acceptedValues: v.hasAcceptedValue ? (v.acceptedValues as string[]) : [],
  };
}

/** The contract's rules for the set-up, as errors on this form's fields. */
export function setupErrors(v: FormValues): FormErrors {
  return placeSetupErrors(
    Object.fromEntries(
      (TestSetupInput.safeParse(setupBody(v)).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    ),
  );
}

/** Server or contract paths (range.minimumValue, acceptedValues.1) onto the form's fields. */
export function placeSetupErrors(errors: Record<string, unknown>): FormErrors {
  const placed: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    // The contract's English (the browser's own check) said in the screens' language.
    const text = translateMessage(Array.isArray(message) ? String(message[0]) : String(message));
    if (path.startsWith('range'))
      placed[path === 'range' ? 'setupRange.minimumValue' : path.replace(/^range/, 'setupRange')] = text;
    else if (path.startsWith('acceptedValues')) placed.acceptedValues ??= text;
  }
  return placed;
}

/** Loads an existing test's set-up into the form once, as part of its starting values. */
export function useLoadTestSetup(form: Form, testId: number | null) {
  const setup = useTestSetup(testId);
  const loaded = useRef(false);
  const { setValues, setInitialValues, getInitialValues } = form;
  useEffect(() => {
    if (!setup.data || loaded.current) return;
    loaded.current = true;
    const values = {
      setupRange: setup.data.range
        ? { minimumValue: setup.data.range.minimumValue, maximumValue: setup.data.range.maximumValue }
        : { minimumValue: '', maximumValue: '' },
      acceptedValues: setup.data.acceptedValues.map((a) => a.title),
    };
    setInitialValues({ ...getInitialValues(), ...values });
    setValues(values);
  }, [setup.data, setValues, setInitialValues, getInitialValues]);
  return setup;
}

export function TestSetupFields({ form }: { form: Form }) {
  const { t, label } = useConfigWords();
  const [typed, setTyped] = useState('');
  const valuesInput = useRef<HTMLInputElement>(null);
  // A value typed but not added (no Enter or comma yet) stops the submit, as every adder does.
  usePendingAdder(Boolean(form.values.hasAcceptedValue) && typed.trim() !== '', () => {
    form.setFieldError('acceptedValues', t('setup.pressEnter'));
    valuesInput.current?.focus();
  });
  if (!form.values.hasRange && !form.values.hasAcceptedValue) return null;
  return (
    <Stack gap="sm">
      {Boolean(form.values.hasRange) && (
        <Fieldset legend={t('setup.range')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberField label={label('Minimum Value')} {...form.getInputProps('setupRange.minimumValue')} />
            <NumberField label={label('Maximum Value')} {...form.getInputProps('setupRange.maximumValue')} />
          </SimpleGrid>
        </Fieldset>
      )}
      {Boolean(form.values.hasAcceptedValue) && (
        <TagsInput
          ref={valuesInput}
          label={t('setup.acceptedValues')}
          splitChars={[',', ';', '\n']}
          clearable
          acceptValueOnBlur={false}
          description={t('setup.acceptedHelp')}
          searchValue={typed}
          onSearchChange={setTyped}
          value={form.values.acceptedValues as string[]}
          error={form.errors.acceptedValues}
          onChange={(v) => {
            form.setFieldValue('acceptedValues', v);
            form.clearFieldError('acceptedValues');
          }}
        />
      )}
    </Stack>
  );
}
