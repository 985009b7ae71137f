import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TITLE_LANGUAGES } from '@contract/lookup-titles';

/** The titles object the form edits: one text per language that takes one ('' when none). */
export function titlesInitialValue(titles: unknown): Record<string, string> {
  const given = titles && typeof titles === 'object' ? Object.entries(titles) : [];
  return Object.fromEntries(
    TITLE_LANGUAGES.map((code) => {
      const found = given.find(([k]) => k === code)?.[1];
      return [code, typeof found === 'string' ? found : ''];
    }),
  );
}

/** What the fields need of a form: its inputs by path (any Mantine form, whatever its values' type). */
type TitlesForm = { getInputProps: (path: string) => ReturnType<UseFormReturnType<object>['getInputProps']> };

/**
 * A text's translations in each other complete language (issue 33), under its default text: one field per language
 * of the registry (contract/lookup-titles.ts), named in the reader's language ('Title in French'). `field` is the
 * form's object of them (`titles`, a lookup's `descriptions`, an indicator's `remarks`); `words` says a field's label
 * and help for a language name (configuration's `titlesIn` by default); `multiline` makes each a growing text area,
 * as a description's own field is.
 */
export function TitleTranslations({
  form,
  field = 'titles',
  words,
  multiline = false,
}: {
  form: TitlesForm;
  field?: string;
  words?: (language: string) => { label: string; description: string };
  multiline?: boolean;
}) {
  const { t, i18n } = useTranslation('configuration');
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  return TITLE_LANGUAGES.map((code) => {
    const language = names.of(code) ?? code;
    const said = words?.(language) ?? {
      label: t('titlesIn.label', { language }),
      description: t('titlesIn.description', { language }),
    };
    const common = {
      lang: code,
      label: said.label,
      description: said.description,
      ...form.getInputProps(`${field}.${code}`),
    };
    return multiline ? (
      <Textarea key={code} autosize minRows={2} maxRows={6} {...common} />
    ) : (
      <TextInput key={code} autoComplete="off" {...common} />
    );
  });
}
