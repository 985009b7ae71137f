import { useState } from 'react';
import { Loader, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Criterion } from '@contract/queries.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useQuestionnaireFields, useQuestionnaireOfField, useQuestionnaires } from '../api/queries';
import { optionOf, questionnaireLabel, searchTermOf } from './answer-choice';

type AnswerCriterion = Extract<Criterion, { field: 'answer' }>;

// The questionnaire-answer criterion (issue 32 item 4, docs/research.md "Query builder"): the questionnaire, then
// its question by label, then the answer (one of a list question's options, typed otherwise). The server offers
// a researcher only the list questions of questionnaires shared with the catalogue, and refuses any other answer
// criterion from them: this screen never decides what a researcher may ask. Every control is a Mantine Select
// or input: Tab moves through them, typing searches, arrows and Enter choose.

const loading = <Loader size="xs" aria-hidden />;

export function AnswerPicker({ c, onChange }: { c: AnswerCriterion; onChange: (c: Criterion) => void }) {
  const { t } = useTranslation('research');
  const { institution } = useCurrentInstitution();
  const instId = institution.id;
  const staff = useCan('queries.staff');
  // The questionnaire chosen here, for the field it was chosen with (0 before a question): a criterion that comes
  // with another field (a saved query loaded, a row above removed) names only its field, whose questionnaire is
  // looked up.
  const [choice, setChoice] = useState<{ formId: number; fieldId: number } | null>(null);
  const chosenId = choice && choice.fieldId === c.formFieldId ? choice.formId : null;
  const owner = useQuestionnaireOfField(instId, chosenId === null && c.formFieldId > 0 ? c.formFieldId : null);
  const formId = chosenId ?? owner.data?.id ?? null;
  const form = useQuestionnaireFields(instId, formId);
  const chosen = form.data ?? owner.data ?? null;
  const chosenLabel = chosen ? questionnaireLabel(chosen) : null;
  const [typed, setTyped] = useState('');
  const [term] = useDebouncedValue(searchTermOf(typed, chosenLabel), 250);
  const forms = useQuestionnaires(instId, term);

  const rows = forms.data?.items ?? [];
  const formOptions = rows.map((q) => ({ value: String(q.id), label: questionnaireLabel(q) }));
  if (chosen && !rows.some((q) => q.id === chosen.id))
    formOptions.unshift({ value: String(chosen.id), label: questionnaireLabel(chosen) });
  const noneAtAll = forms.isSuccess && !term && rows.length === 0 && !chosen;
  // A saved criterion whose field the caller may not (or can no longer) ask about: said, not hidden.
  const lost = c.formFieldId > 0 && chosenId === null && owner.isSuccess && owner.data === null;

  const field = form.data?.fields.find((f) => f.id === c.formFieldId) ?? null;
  const options = field?.options ?? [];
  const answer = optionOf(options, c.value);

  return (
    <>
      <Select
        label={t('criteria.questionnaire')}
        placeholder={t('criteria.chooseQuestionnaire')}
        data={formOptions}
        value={formId ? String(formId) : null}
        onChange={(v) => {
          setChoice(v ? { formId: Number(v), fieldId: 0 } : null);
          onChange({ ...c, formFieldId: 0, value: '' });
        }}
        searchable
        searchValue={typed}
        onSearchChange={setTyped}
        filter={({ options: all }) => all}
        nothingFoundMessage={forms.isFetching ? t('loading') : t('criteria.noQuestionnaire')}
        rightSection={forms.isFetching || owner.isFetching ? loading : undefined}
        error={
          forms.isError
            ? t('criteria.questionnairesFailed')
            : lost
              ? t('criteria.fieldUnavailable', { id: c.formFieldId })
              : undefined
        }
        description={
          noneAtAll ? (staff ? t('criteria.noQuestionnaires') : t('criteria.noSharedQuestionnaires')) : undefined
        }
        disabled={noneAtAll}
        miw={240}
        style={{ flex: 1 }}
      />
      <Select
        label={t('criteria.question')}
        placeholder={formId ? t('criteria.chooseQuestion') : t('criteria.questionnaireFirst')}
        data={(form.data?.fields ?? []).map((f) => ({ value: String(f.id), label: f.label }))}
        value={field ? String(field.id) : null}
        onChange={(v) => {
          const fieldId = v ? Number(v) : 0;
          if (formId) setChoice({ formId, fieldId });
          onChange({ ...c, formFieldId: fieldId, value: '' });
        }}
        searchable
        nothingFoundMessage={t('criteria.noQuestion')}
        rightSection={form.isFetching ? loading : undefined}
        error={form.isError ? t('criteria.questionsFailed') : undefined}
        disabled={!formId}
        miw={220}
        style={{ flex: 1 }}
      />
      {options.length > 0 ? (
        <Select
          label={t('criteria.answer')}
          placeholder={t('criteria.chooseAnswer')}
          data={options}
          value={answer}
          onChange={(v) => onChange({ ...c, value: v ?? '' })}
          searchable
          error={c.value && !answer ? t('criteria.answerNotOption', { value: c.value }) : undefined}
          miw={160}
        />
      ) : (
        <TextInput
          label={t('criteria.answer')}
          value={c.value}
          onChange={(ev) => onChange({ ...c, value: ev.currentTarget.value })}
          disabled={!field}
          miw={160}
        />
      )}
      {field && options.length === 0 && (
        <Text size="xs" c="gray.7" w="100%">
          {t('criteria.typedAnswer')}
        </Text>
      )}
    </>
  );
}
