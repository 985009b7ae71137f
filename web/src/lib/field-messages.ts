import type { FormErrors } from '@mantine/form';
import { en } from '@contract/i18n/en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contract/password-policy';
import { currentLanguage, i18next } from './i18n';

/**
 * Field messages in the screens' language (issue 33). The contract's rules say their messages in English
 * (contract/messages.ts, password-policy.ts, participants.contract.ts, zxcvbn's feedback); a form shows them
 * through here, which finds the English text's key in the catalogues and answers that key in the current
 * language. A text the catalogues do not hold (a server message already translated, an area not converted
 * yet) is shown as it is.
 */
type Values = Record<string, string | number>;
interface Entry {
  ns: string;
  key: string;
  values?: Values;
}

const fill = (template: string, values: Values = {}) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** English text -> its catalogue entry, built on first use. */
let known: Map<string, Entry> | undefined;
function index(): Map<string, Entry> {
  if (known) return known;
  const map = new Map<string, Entry>();
  const group = (ns: string, path: string, texts: Readonly<Record<string, string>>, values?: Values) => {
    for (const [k, text] of Object.entries(texts))
      map.set(fill(text, values), { ns, key: path ? `${path}.${k}` : k, values });
  };
  group('messages', '', en.messages);
  group('common', 'password.problems', en.common.password.problems, {
    min: PASSWORD_MIN_LENGTH,
    max: PASSWORD_MAX_LENGTH,
  });
  group('common', 'password.warnings', en.common.password.warnings);
  group('common', 'password.suggestions', en.common.password.suggestions);
  group('participants', 'messages', en.participants.messages);
  known = map;
  return map;
}

/** A catalogue text in the current language (English when the language lacks it), with its values. */
function say(entry: Entry): string | undefined {
  const text: unknown =
    i18next.getResource(currentLanguage(), entry.ns, entry.key) ?? i18next.getResource('en', entry.ns, entry.key);
  return typeof text === 'string' ? fill(text, entry.values) : undefined;
}

/** A field message in the current language; a text the catalogues do not know stays as it is. */
export function translateMessage(message: string): string {
  const entry = index().get(message);
  if (entry) return say(entry) ?? message;
  // common.contract.ts's default for text longer than its field allows: 'At most 100 characters'.
  const atMost = /^At most (\d+) characters$/.exec(message);
  if (atMost) return say({ ns: 'common', key: 'limited.atMost', values: { max: Number(atMost[1]) } }) ?? message;
  return message;
}

/** A form's errors with each message in the current language. */
export function translateErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path,
      typeof message === 'string' ? translateMessage(message) : message,
    ]),
  );
}
