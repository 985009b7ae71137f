import { MSG, MSG_FORMATS } from '../messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password-policy';
import type { Catalogue, Namespace } from './catalogues';
import { en } from './en';

/**
 * A field message found back in the catalogues (issue 33): the contract and the server say field messages in
 * English; the server (sendProblem) and the web (forms) look the English up here and say it in the reader's
 * language by `ns` and `key` (a dotted path inside the namespace), with the values the English carried.
 */
export interface MessageEntry {
  ns: Namespace;
  key: string;
  values?: Readonly<Record<string, string | number>>;
}

type Texts = Readonly<Record<string, string>>;
const fill = (template: string, values: Readonly<Record<string, string | number>> = {}) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

let exact: Map<string, MessageEntry> | undefined;
function exactTexts(): Map<string, MessageEntry> {
  if (exact) return exact;
  const map = new Map<string, MessageEntry>();
  const group = (ns: Namespace, path: string, texts: Texts, values?: Record<string, number>) => {
    for (const [k, text] of Object.entries(texts))
      if (!map.has(fill(text, values))) map.set(fill(text, values), { ns, key: path ? `${path}.${k}` : k, values });
  };
  group('messages', '', MSG);
  group('common', 'password.problems', en.common.password.problems, {
    min: PASSWORD_MIN_LENGTH,
    max: PASSWORD_MAX_LENGTH,
  });
  group('common', 'password.warnings', en.common.password.warnings);
  group('common', 'password.suggestions', en.common.password.suggestions);
  group('participants', 'messages', en.participants.messages);
  exact = map;
  return map;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * English sentences with `{{values}}` found back from their text: the key of the template a text was written with
 * and the values it carried; the most literal template is tried first ('At most {{max}} characters' before
 * 'At most {{max}}'). Used for field messages (MSG_FORMATS) and the sample ledger's stored sentences.
 */
export function templateMatcher(templates: Readonly<Record<string, string>>) {
  const patterns = Object.entries(templates)
    .map(([key, template]) => {
      const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '');
      const source = template
        .split(/\{\{\w+\}\}/)
        .map(escapeRegExp)
        .join('([\\s\\S]+?)');
      return { key, names, re: new RegExp(`^${source}$`), literal: template.replace(/\{\{\w+\}\}/g, '').length };
    })
    .sort((a, b) => b.literal - a.literal);
  return (text: string): { key: string; values: Record<string, string> } | undefined => {
    for (const p of patterns) {
      const m = p.re.exec(text);
      if (m) return { key: p.key, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1] ?? ''])) };
    }
    return undefined;
  };
}
const matchFormat = templateMatcher(MSG_FORMATS);

/** The catalogue entry of an English field message, or undefined when no catalogue holds it. */
export function matchMessage(text: string): MessageEntry | undefined {
  const found = exactTexts().get(text);
  if (found) return found;
  const format = matchFormat(text);
  return format && { ns: 'messages', ...format };
}

/** A catalogue's text at `ns` + dotted `key`, or undefined when that catalogue lacks it. */
export function catalogueText(catalogue: Catalogue, entry: MessageEntry): string | undefined {
  let node: unknown = catalogue[entry.ns];
  for (const part of entry.key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = Reflect.get(node, part);
  }
  if (typeof node !== 'string') return undefined;
  // A value named `...Label` is a registry field's English label: said as the configuration screens say it.
  const labels: Readonly<Record<string, string>> = catalogue.configuration.labels;
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(entry.values ?? {})) {
    if (name.endsWith('Label') && Object.hasOwn(labels, String(v))) values[name] = labels[String(v)];
    else if (name.endsWith('Record')) {
      // A record a language cannot name keeps the whole message English (never half and half).
      const said = recordNamed(catalogue, String(v));
      if (said === undefined) return undefined;
      values[name] = said;
    } else values[name] = v;
  }
  return fill(node, values);
}

/**
 * A value named `...Record` (i33server): a record's name as English says it inside a sentence, in lower case
 * ('specimen type'), found back among the `records` and `configuration.labels` names ('Specimen Type') and said
 * as the catalogue says it; undefined when neither holds it.
 */
function recordNamed(catalogue: Catalogue, words: string): string | undefined {
  // English says the words as they were written (lower case inside a sentence).
  if (catalogue === en) return words;
  const lower = words.toLowerCase();
  const records: Readonly<Record<string, string>> = catalogue.records;
  const labels: Readonly<Record<string, string>> = catalogue.configuration.labels;
  for (const [names, englishNames] of [
    [records, en.records],
    [labels, en.configuration.labels],
  ] as const) {
    const key = Object.keys(englishNames).find((k) => k.toLowerCase() === lower);
    if (key !== undefined && Object.hasOwn(names, key)) return names[key];
  }
  return undefined;
}
