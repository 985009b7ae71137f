import type { FormErrors } from '@mantine/form';
import { CATALOGUES } from '@contract/i18n/catalogues';
import { catalogueText, matchMessage } from '@contract/i18n/message-match';
import { currentLanguage } from './i18n';

/**
 * Field messages in the screens' language (issue 33). The contract's rules say their messages in English
 * (contract/messages.ts, password-policy.ts, participants.contract.ts, zxcvbn's feedback); a form shows them
 * through here, which finds the English text's key in the catalogues and answers that key in the current
 * language. A text the catalogues do not hold (a server message already translated, an area not converted
 * yet) is shown as it is; contract/i18n/message-match.ts is the lookup the server uses too.
 */
export function translateMessage(message: string): string {
  const entry = matchMessage(message);
  if (!entry) return message;
  return catalogueText(CATALOGUES[currentLanguage()], entry) ?? catalogueText(CATALOGUES.en, entry) ?? message;
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
