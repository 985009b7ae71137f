import { Checkbox, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { checkAnswer, MAX_ANSWER_CHARS, patternChecker, type FieldDto } from '@contract/forms.contract';
import { DateField } from '@/components/date-field';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/field-messages';
import { TimeField } from '@/components/time-field';

/** An answer as the fill form holds it: text, a tick, or the chosen values of a checkbox list. */
export type Answer = string | boolean | string[];
export type Answers = Record<number, Answer>;

/** The answer of a field that was not touched yet. */
export const emptyAnswer = (f: FieldDto): Answer =>
  f.dataType.abbreviation === 'CB' ? false : f.dataType.abbreviation === 'CBL' ? [] : '';

/** The contract's rules for one field (the server checks the same way). */
export const rulesOf = (f: FieldDto) => ({
  kind: f.dataType.abbreviation,
  required: f.required,
  requiredMessage: f.requiredMessage,
  hasValidation: f.hasValidation,
  regularExpression: f.regularExpression,
  regularExpressionMessage: f.regularExpressionMessage,
  options: f.options.map((o) => o.value),
});

/**
 * Every field's problem by field id (empty when the answers may be sent). Patterns run as on the server: re2js
 * with one budget for the submission, fields by (ordinal, id), so the browser refuses exactly what the server would.
 */
export function checkAnswers(fields: FieldDto[], answers: Answers): Record<number, string> {
  const errors: Record<number, string> = {};
  const matches = patternChecker();
  for (const f of [...fields].sort((a, b) => a.ordinal - b.ordinal || a.id - b.id)) {
    const result = checkAnswer(rulesOf(f), answers[f.id] ?? emptyAnswer(f), matches);
    if (!result.ok) errors[f.id] = result.message;
  }
  return errors;
}

interface Props {
  fields: FieldDto[];
  answers: Answers;
  errors?: Record<number, string | undefined>;
  onChange: (fieldId: number, value: Answer) => void;
}

/**
 * The one renderer of a questionnaire (spec 2 §5 dynamic fields): the editor's Preview and the fill form
 * both show fields through it, so what a designer previews is what a clinician fills. Fields come by ordinal.
 * Dates use the app's one date field (YYYY-MM-DD, as every other screen; the browser's own picker showed
 * mm/dd/yyyy), times the same time input as the collect forms; their values (YYYY-MM-DD, HH:mm, joined as
 * YYYY-MM-DDTHH:mm) are exactly what the contract accepts.
 */
export function DynamicForm({ fields, answers, errors = {}, onChange }: Props) {
  const { t } = useTranslation('forms');
  if (!fields.length)
    return (
      <Text size="sm" c="dimmed">
        {t('dynamic.noFields')}
      </Text>
    );
  return (
    <Stack gap="md">
      {[...fields]
        .sort((a, b) => a.ordinal - b.ordinal)
        .map((f) => (
          <DynamicField
            key={f.id}
            field={f}
            value={answers[f.id] ?? emptyAnswer(f)}
            error={errors[f.id]}
            onChange={(v) => onChange(f.id, v)}
          />
        ))}
    </Stack>
  );
}

function DynamicField({
  field: f,
  value,
  error,
  onChange,
}: {
  field: FieldDto;
  value: Answer;
  error?: string;
  onChange: (v: Answer) => void;
}) {
  const { t } = useTranslation('forms');
  const kind = f.dataType.abbreviation;
  const shown = error && translateMessage(error);
  const common = { label: f.prompt, withAsterisk: f.required, error: shown, 'data-field-id': f.id };
  const text = typeof value === 'string' ? value : '';
  const placeholder = f.placeholder && f.placeholder !== 'none' ? f.placeholder : undefined;
  const options = f.options.map((o) => o.value);
  const Layout = f.orientation === 'horizontal' ? Group : Stack;
  switch (kind) {
    case 'TB':
      return (
        <TextInput
          {...common}
          placeholder={placeholder}
          maxLength={MAX_ANSWER_CHARS.TB}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TA':
      return (
        <Textarea
          {...common}
          placeholder={placeholder}
          autosize
          minRows={3}
          maxLength={MAX_ANSWER_CHARS.TA}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TP':
      return <TimeField {...common} value={text} onChange={onChange} maw={220} />;
    case 'DP':
      return <DateField {...common} value={text || null} onChange={(v) => onChange(v ?? '')} maw={220} />;
    case 'DTP':
      return <DateTimeField common={common} value={text} onChange={onChange} />;
    case 'CB':
      return (
        <Checkbox
          label={f.prompt}
          error={shown}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-field-id={f.id}
        />
      );
    case 'CBL':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Layout gap="xs" mt={6}>
            {options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Layout>
        </Checkbox.Group>
      );
    case 'RL':
      return (
        <Radio.Group {...common} value={text || null} onChange={onChange}>
          <Layout gap="xs" mt={6}>
            {options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Layout>
        </Radio.Group>
      );
    case 'SL':
      return (
        <Select
          {...common}
          data={options}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('dynamic.chooseOne')}
          clearable={!f.required}
          maw={360}
        />
      );
  }
}

/** A date and time answer (YYYY-MM-DDTHH:mm) as the one date field and a time input side by side. */
function DateTimeField({
  common,
  value,
  onChange,
}: {
  common: { label: string; withAsterisk: boolean; error?: string; 'data-field-id': number };
  value: string;
  onChange: (v: Answer) => void;
}) {
  const { t } = useTranslation('forms');
  const [day = '', time = ''] = value.split('T');
  // Either part alone is kept as typed (the check says what is missing); both empty is no answer.
  const join = (d: string, t: string) => onChange(d || t ? `${d}T${t}` : '');
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <DateField {...common} value={day || null} onChange={(v) => join(v ?? '', time)} maw={220} />
      <TimeField
        label={t('dynamic.time')}
        aria-label={t('dynamic.timeOf', { label: common.label })}
        withAsterisk={common.withAsterisk}
        value={time}
        onChange={(v) => join(day, v)}
        maw={140}
      />
    </Group>
  );
}
