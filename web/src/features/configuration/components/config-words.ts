import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { en } from '@contract/i18n/en';
import { withArticle } from '@contract/words';

type Label = keyof typeof en.configuration.labels;
type Articled = keyof typeof en.configuration.articled;
const isLabel = (s: string): s is Label => Object.hasOwn(en.configuration.labels, s);
const isArticled = (s: string): s is Articled => Object.hasOwn(en.configuration.articled, s);

/** The configuration screens' words: `t` of the namespace, and the registry's English names said in the language. */
export interface ConfigWords {
  t: TFunction<'configuration'>;
  /** A list, field or menu name (contract/lookups.registry.ts keeps English): 'Specimen Type' -> "Type d'échantillon". */
  label: (english: string) => string;
  /** A list's name with its indefinite article: 'a Panel', 'un panel'. */
  articled: (english: string) => string;
  /** The screens' language: a record's title is shown in it when the institution gave one (issue 33 item 4). */
  language: string;
}

export function configWords(t: TFunction<'configuration'>, language: string): ConfigWords {
  return {
    t,
    language,
    label: (english) => {
      if (isLabel(english)) return t(`labels.${english}`);
      // The institution form's own two labels (config-entities.ts); a '.' in them rules out a `labels` key.
      if (english === en.configuration.form.localPhoneRule) return t('form.localPhoneRule');
      if (english === en.configuration.form.timeZone) return t('form.timeZone');
      return english;
    },
    articled: (english) => (isArticled(english) ? t(`articled.${english}`) : withArticle(english)),
  };
}

export function useConfigWords(): ConfigWords {
  const { t, i18n } = useTranslation('configuration');
  return configWords(t, i18n.language);
}

/**
 * "Panel 'Blood' created." in the language, or "Box B1 created." when the name already starts with its kind
 * (contract/words.ts doneMessage's rule, said through the catalogue).
 */
export function doneText(words: ConfigWords, kind: string, name: string, done: 'created' | 'saved'): string {
  const label = words.label(kind);
  const named = name.toLowerCase().startsWith(`${kind.toLowerCase()} `);
  if (done === 'created')
    return named ? words.t('form.createdNamed', { name }) : words.t('form.created', { label, name });
  return named ? words.t('form.savedNamed', { name }) : words.t('form.saved', { label, name });
}
