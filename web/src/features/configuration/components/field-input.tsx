import type { ChangeEvent } from 'react';
import { Checkbox, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LOOKUP_BY_KEY, refObjectName, type LookupField } from '@contract/lookups.registry';
import { NumberField } from '@/components/number-field';
import { useLookupOptions, type LookupOptionsRequest } from '@/lib/lookup-options';
import type { ConfigRecord } from './config-entities';
import { useConfigWords, type ConfigWords } from './config-words';

export type FormValues = Record<string, unknown>;
type Form = UseFormReturnType<FormValues>;

interface Props {
  field: LookupField;
  form: Form;
  /** The record being edited, for the current value of a reference that is no longer enabled. */
  record?: ConfigRecord;
  /** The list this form belongs to: a list that points to itself (parent department) never offers the record itself. */
  entityKey: string;
  /** Label of the field a dependent select waits for. */
  dependsOnLabel?: string;
  /** Called after the value changed, e.g. to clear the selects that depend on it. */
  onChanged?: (value: unknown) => void;
  autoFocus?: boolean;
  /** Required right now (required, or ticked condition). */
  required: boolean;
  asSwitch?: boolean;
}

/** One input of the generic form, chosen by the registry field's kind. */
export function FieldInput({
  field: f,
  form,
  record,
  entityKey,
  dependsOnLabel,
  onChanged,
  autoFocus,
  required,
  asSwitch,
}: Props) {
  const words = useConfigWords();
  const common = { label: words.label(f.label), withAsterisk: required, 'data-autofocus': autoFocus || undefined };
  const input = form.getInputProps(f.name, f.kind === 'boolean' ? { type: 'checkbox' } : undefined);
  switch (f.kind) {
    case 'boolean': {
      const onChange = (e: ChangeEvent<HTMLInputElement>) => {
        input.onChange(e);
        onChanged?.(e.currentTarget.checked);
      };
      const props = { label: common.label, 'data-autofocus': common['data-autofocus'], ...input, onChange };
      return asSwitch ? <Switch {...props} /> : <Checkbox {...props} />;
    }
    case 'number':
    case 'integer':
      return <NumberField {...common} {...input} whole={f.kind === 'integer'} />;
    case 'textarea':
      return <Textarea {...common} {...input} autosize minRows={2} maxRows={6} />;
    case 'reference':
      return <ReferenceSelect {...{ f, form, record, entityKey, dependsOnLabel, onChanged, common, words }} />;
    default: {
      const length = String(form.values[f.name] ?? '').length;
      // spec 1 §5: short codes show a character counter.
      const counter =
        f.max !== undefined && f.max <= 4 ? (
          <Text
            size="xs"
            c={length > f.max ? 'red' : 'dimmed'}
            aria-label={words.t('form.counter', { length, max: f.max })}
          >
            {length}/{f.max}
          </Text>
        ) : undefined;
      return (
        <TextInput
          {...common}
          {...input}
          autoComplete="off"
          rightSection={counter}
          rightSectionWidth={44}
          ff={f.kind === 'regex' ? 'monospace' : undefined}
        />
      );
    }
  }
}

interface SelectProps {
  f: LookupField;
  form: Form;
  record?: ConfigRecord;
  entityKey: string;
  dependsOnLabel?: string;
  onChanged?: (value: unknown) => void;
  common: { label: string; withAsterisk: boolean; 'data-autofocus'?: true };
  words: ConfigWords;
}

/** Which records a reference offers: the whole list, or only those of the chosen parent (null: none chosen yet). */
function optionRequest(f: LookupField, values: FormValues): LookupOptionsRequest | null {
  const target = LOOKUP_BY_KEY[f.ref!];
  if (!f.dependsOn) return {};
  const parent = values[f.dependsOn.field];
  if (parent === null || parent === undefined || parent === '') return null;
  // spec 1 §7 dependent lists: specimenTypeCategories/{id}/specimenTypes, unitOfMeasurementTypes/{id}/unitOfMeasurements
  if (target.parent?.field === f.dependsOn.refField) return { parentId: Number(parent) };
  return { filter: { [f.dependsOn.refField]: Number(parent) } };
}

function ReferenceSelect({ f, form, record, entityKey, dependsOnLabel, onChanged, common, words }: SelectProps) {
  const { t } = words;
  const target = LOOKUP_BY_KEY[f.ref!];
  const request = optionRequest(f, form.values);
  const options = useLookupOptions(request ? target.key : null, request ?? {});
  const value = form.values[f.name] as string | null;
  const data = options.options.filter((o) => !(target.key === entityKey && o.value === String(record?.id)));
  // A disabled record stays visible where it is already used (issue 3).
  const current = record?.[refObjectName(f)] as { id: number; title: string } | null | undefined;
  if (value && current && String(current.id) === value && !data.some((o) => o.value === value)) {
    data.unshift({ value, label: t('form.disabledOption', { title: current.title }) });
  }
  const waiting = request === null;
  return (
    <Select
      {...common}
      {...form.getInputProps(f.name)}
      data={data}
      searchable
      clearable={!common.withAsterisk}
      disabled={waiting}
      placeholder={
        waiting
          ? t('form.chooseFirst', { what: words.articled(dependsOnLabel ?? 'parent') })
          : options.isPending
            ? t('form.loading')
            : t('form.choose', { what: words.articled(target.label) })
      }
      nothingFoundMessage={options.isPending ? t('form.loading') : t('form.nothingFound')}
      onChange={(v) => {
        form.setFieldValue(f.name, v);
        onChanged?.(v);
      }}
    />
  );
}
