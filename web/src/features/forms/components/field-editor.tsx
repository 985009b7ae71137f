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
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('forms');
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
          message: t(field ? 'field.updated' : 'field.added', { prompt: values.prompt }),
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
      title={t(field ? 'field.editTitle' : 'field.addTitle', { kind: t(`kinds.${kind}`) })}
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
          label={t('field.prompt')}
          description={t('field.promptHelp')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          maxLength={500}
          {...form.getInputProps('prompt')}
        />
        <TextInput
          label={t('field.responseTitle')}
          description={t('field.responseTitleHelp')}
          withAsterisk
          autoComplete="off"
          maxLength={200}
          {...form.getInputProps('responseTitle')}
        />
        <TextInput
          label={t('field.ordinal')}
          description={t('field.ordinalHelp')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maw={200}
          {...form.getInputProps('ordinal')}
        />
        {isText && (
          <TextInput
            label={t('field.placeholder')}
            description={t('field.placeholderHelp')}
            maxLength={200}
            {...form.getInputProps('placeholder')}
          />
        )}
        {(kind === 'CBL' || kind === 'RL') && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="orientation-label">
              {t('field.orientation')}
            </Text>
            <SegmentedControl
              aria-labelledby="orientation-label"
              maw={280}
              data={[
                { value: 'vertical', label: t('field.vertical') },
                { value: 'horizontal', label: t('field.horizontal') },
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
        <Checkbox label={t('field.required')} {...form.getInputProps('required', { type: 'checkbox' })} />
        {v.required && (
          <TextInput
            label={t('field.requiredMessage')}
            withAsterisk
            maxLength={300}
            {...form.getInputProps('requiredMessage')}
          />
        )}
        {isText && (
          <Checkbox label={t('field.hasValidation')} {...form.getInputProps('hasValidation', { type: 'checkbox' })} />
        )}
        {isText && v.hasValidation && (
          <>
            <TextInput
              label={t('field.regularExpression')}
              withAsterisk
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              autoComplete="off"
              spellCheck={false}
              description={t('field.regularExpressionHelp')}
              {...form.getInputProps('regularExpression')}
            />
            <TextInput
              label={t('field.regularExpressionMessage')}
              description={t('field.regularExpressionMessageHelp')}
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
  const { t } = useTranslation('forms');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  usePendingAdder(draft.trim() !== '', () => setDraftError(t('field.pressEnter')));
  const add = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter adds the option; it must not submit the field.
    e.preventDefault();
    const value = draft.trim();
    if (!value) return;
    if (options.some((o) => o.value === value)) {
      setDraftError(t('field.optionListed'));
      return;
    }
    if (options.length >= MAX_OPTIONS) {
      setDraftError(t('field.atMostOptions', { max: MAX_OPTIONS }));
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
        {t('field.options')}
      </Text>
      {options.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('field.noOptions')}
        </Text>
      )}
      <Stack gap={6} role="list" aria-label={t('field.options')}>
        {options.map((o, i) => (
          <Paper key={o.id ?? `new-${o.value}`} withBorder p={6} radius="sm" role="listitem">
            <Group gap={6} wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={t('field.option', { n: i + 1 })}
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
                aria-label={t('editor.moveUp', { name: o.value })}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('editor.moveDown', { name: o.value })}
                disabled={i === options.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('editor.disable', { name: o.value })}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      <TextInput
        label={t('field.newOption')}
        description={t('field.newOptionHelp')}
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
