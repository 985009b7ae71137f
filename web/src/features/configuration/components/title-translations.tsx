import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TITLE_LANGUAGES } from '@contract/lookup-titles';
import type { FormValues } from './field-input';

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

/**
 * A titled list's title in each other complete language (issue 33 item 4), under its default title: one field per
 * language of the registry (contract/lookup-titles.ts), named in the reader's language ('Title in French').
 */
export function TitleTranslations<F extends UseFormReturnType<FormValues>>({ form }: { form: F }) {
  const { t, i18n } = useTranslation('configuration');
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  return TITLE_LANGUAGES.map((code) => {
    const language = names.of(code) ?? code;
    return (
      <TextInput
        key={code}
        lang={code}
        autoComplete="off"
        label={t('titlesIn.label', { language })}
        description={t('titlesIn.description', { language })}
        {...form.getInputProps(`titles.${code}`)}
      />
    );
  });
}
