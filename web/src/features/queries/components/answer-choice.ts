import type { QueryQuestionnaire } from '@contract/queries.contract';

// The questionnaire-answer picker's pure parts (answer-picker.tsx), tested without a browser.

/** A questionnaire as the picker lists it: its name and, when it has one, its collection protocol. */
export const questionnaireLabel = (q: Pick<QueryQuestionnaire, 'name' | 'collectionProtocol'>) =>
  q.collectionProtocol ? `${q.name} · ${q.collectionProtocol}` : q.name;

/**
 * The option a saved answer stands for: the server compares answers case-insensitively and without outer spaces,
 * so a saved 'yes' is the option 'Yes'. Null when it is none of them (the option was renamed or removed).
 */
export function optionOf(options: readonly string[], value: string): string | null {
  const key = value.trim().toLowerCase();
  return options.find((o) => o.trim().toLowerCase() === key) ?? null;
}

/**
 * What the questionnaire search asks the server: nothing while the box shows the chosen questionnaire's own label
 * (Mantine puts it there on choosing), else what was typed.
 */
export const searchTermOf = (typed: string, chosenLabel: string | null) =>
  chosenLabel !== null && typed === chosenLabel ? '' : typed.trim();
