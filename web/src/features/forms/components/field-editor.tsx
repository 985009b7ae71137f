import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Checkbox, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import {
  DEFAULT_PLACEHOLDER,
  FieldInput,
  FieldUpdate,
  LIST_KINDS,
  MAX_OPTIONS,
  TEXT_KINDS,
  type FieldDto,
  type FieldKind,
} from '@contract/forms.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { usePendingAdder } from '@/components/pending-adders';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { KIND_LABELS } from './field-kinds';
import { useSaveField } from '../api/forms';

type OptionRow = { id?: number; value: string };
type Values = {
  dataTypeId: number;
  prompt: string;
  responseTitle: string;
  ordinal: string;
  placeholder: string;
  required: boolean;
  requiredMessage: string;
  hasValidation: boolean;
  regularExpression: string;
  regularExpressionMessage: string;
  orientation: 'vertical' | 'horizontal';
  options: OptionRow[];
  concurrencyStamp: string;
};

interface Props {
  formId: number;
  kind: FieldKind;
  dataTypeId: number;
  /** The field to edit; without it a new one is added. */
  field?: FieldDto;
  /** The count of enabled fields: a new field's ordinal defaults to count + 1 (spec 2 §9). */
  fieldCount: number;
  onClose: () => void;
}

function initialValues(kind: FieldKind, dataTypeId: number, fieldCount: number, f?: FieldDto): Values {
  return {
    dataTypeId,
    prompt: f?.prompt ?? '',
    responseTitle: f?.responseTitle ?? '',
    ordinal: String(f?.ordinal ?? fieldCount + 1),
    placeholder: f?.placeholder ?? (TEXT_KINDS.includes(kind) ? DEFAULT_PLACEHOLDER : ''),
    required: f?.required ?? false,
    requiredMessage: f?.requiredMessage ?? '',
    hasValidation: f?.hasValidation ?? false,
    regularExpression: f?.regularExpression ?? '',
    regularExpressionMessage: f?.regularExpressionMessage ?? '',
    orientation: f?.orientation ?? 'vertical',
    options: f?.options.map((o) => ({ id: o.id, value: o.value })) ?? [],
    concurrencyStamp: f?.concurrencyStamp ?? '',
  };
}

/**
 * The one field editor overlay (spec 2 §2, §5, §9), adapted to the field type: prompt, response title,
 * ordinal; placeholder on text types; required and its message; a pattern (which must compile: the
 * contract's patternProblem) on text types; orientation on checkbox and radio lists; the options of list
 * types. The field and its options are saved in one call.
 */
export function FieldEditor({ formId, kind, dataTypeId, field, fieldCount, onClose }: Props) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const save = useSaveField(institution.id, protocol.id, formId);
  const isText = TEXT_KINDS.includes(kind);
  const isList = LIST_KINDS.includes(kind);
  const form = useForm<Values>({
    initialValues: initialValues(kind, dataTypeId, fieldCount, field),
    validate: contractResolver(field ? FieldUpdate : FieldInput),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const v = form.getValues();

  const submit = form.onSubmit(({ concurrencyStamp, ...values }) => {
    const body: FieldInput = {
      ...values,
      placeholder: isText ? values.placeholder : '',
      regularExpression: values.hasValidation ? values.regularExpression : '',
      regularExpressionMessage: values.hasValidation ? values.regularExpressionMessage : '',
      requiredMessage: values.required ? values.requiredMessage : '',
      orientation: kind === 'CBL' || kind === 'RL' ? values.orientation : undefined,
      options: isList ? values.options : undefined,
      institutionId: institution.id,
      collectionProtocolFormId: formId,
    };
    save.mutate(field ? { fieldId: field.id, body: { ...body, concurrencyStamp } } : { body }, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: `Field '${values.prompt}' ${field ? 'updated' : 'added'}.`,
          autoClose: 3000,
        });
        guard.release();
        onClose();
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });

  return (
    <FullScreenForm
      title={`${field ? 'Edit' : 'Add'} ${KIND_LABELS[kind]} Field`}
      opened
      onClose={onClose}
      guard={guard}
      width={640}
      onSubmit={submit}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
    >
      <Stack gap="md">
        <TextInput
          label="Field Label"
          description="The question as the participant's form shows it"
          withAsterisk
          data-autofocus
          autoComplete="off"
          maxLength={500}
          {...form.getInputProps('prompt')}
        />
        <TextInput
          label="Response Title"
          description="The answer's heading in reports"
          withAsterisk
          autoComplete="off"
          maxLength={200}
          {...form.getInputProps('responseTitle')}
        />
        <TextInput
          label="Ordinal"
          description="Position on the form; fields show by ordinal"
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maw={200}
          {...form.getInputProps('ordinal')}
        />
        {isText && (
          <TextInput
            label="Place Holder"
            description="Shown in the empty box; 'none' shows nothing"
            maxLength={200}
            {...form.getInputProps('placeholder')}
          />
        )}
        {(kind === 'CBL' || kind === 'RL') && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="orientation-label">
              Orientation
            </Text>
            <SegmentedControl
              aria-labelledby="orientation-label"
              maw={280}
              data={[
                { value: 'vertical', label: 'Vertical' },
                { value: 'horizontal', label: 'Horizontal' },
              ]}
              {...form.getInputProps('orientation')}
            />
          </Stack>
        )}
        {isList && (
          <OptionsEditor
            options={v.options}
            error={form.errors.options as string | undefined}
            optionErrors={(i) => form.errors[`options.${i}.value`] as string | undefined}
            onChange={(options) => form.setFieldValue('options', options)}
          />
        )}
        <Checkbox label="Is Required" {...form.getInputProps('required', { type: 'checkbox' })} />
        {v.required && (
          <TextInput label="Required Message" withAsterisk maxLength={300} {...form.getInputProps('requiredMessage')} />
        )}
        {isText && <Checkbox label="Has Validation" {...form.getInputProps('hasValidation', { type: 'checkbox' })} />}
        {isText && v.hasValidation && (
          <>
            <TextInput
              label="Regular Expression"
              withAsterisk
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              autoComplete="off"
              spellCheck={false}
              description="The whole answer must match, e.g. \d{3} accepts 123 only"
              {...form.getInputProps('regularExpression')}
            />
            <TextInput
              label="Regular Expression Message"
              description="Shown when an answer does not match"
              withAsterisk
              maxLength={300}
              {...form.getInputProps('regularExpressionMessage')}
            />
          </>
        )}
      </Stack>
    </FullScreenForm>
  );
}

interface OptionsProps {
  options: OptionRow[];
  error?: string;
  optionErrors: (i: number) => string | undefined;
  onChange: (options: OptionRow[]) => void;
}

/** The options of a list field: New Option adds on Enter; each can be edited, moved up or down, or disabled (left out). */
function OptionsEditor({ options, error, optionErrors, onChange }: OptionsProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  usePendingAdder(draft.trim() !== '', () => setDraftError('Press Enter to add it, or clear it'));
  const add = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter adds the option; it must not submit the field.
    e.preventDefault();
    const value = draft.trim();
    if (!value) return;
    if (options.some((o) => o.value === value)) {
      setDraftError('This option is already listed');
      return;
    }
    if (options.length >= MAX_OPTIONS) {
      setDraftError(`At most ${MAX_OPTIONS} options`);
      return;
    }
    onChange([...options, { value }]);
    setDraft('');
    setDraftError(null);
  };
  const move = (i: number, by: number) => {
    const next = [...options];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {options.length === 0 && (
        <Text size="sm" c="dimmed">
          No options yet: type one below and press Enter.
        </Text>
      )}
      <Stack gap={6} role="list" aria-label="Options">
        {options.map((o, i) => (
          <Paper key={o.id ?? `new-${o.value}`} withBorder p={6} radius="sm" role="listitem">
            <Group gap={6} wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={`Option ${i + 1}`}
                value={o.value}
                error={optionErrors(i)}
                style={{ flex: 1 }}
                maxLength={200}
                onChange={(e) =>
                  onChange(options.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)))
                }
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.preventDefault();
                }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Move ${o.value} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Move ${o.value} down`}
                disabled={i === options.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Disable ${o.value}`}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      <TextInput
        label="New Option"
        description="Press Enter to add it"
        value={draft}
        error={draftError ?? error}
        maxLength={200}
        autoComplete="off"
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setDraftError(null);
        }}
        onKeyDown={add}
      />
    </Stack>
  );
}
