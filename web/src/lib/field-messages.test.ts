import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@contract/messages';
import { PASSWORD_MSG } from '@contract/password-policy';
import { translations } from '@zxcvbn-ts/language-en';
import { en } from '@contract/i18n/en';
import { translateErrors, translateMessage } from './field-messages';
import { i18next } from './i18n';

describe('field messages in the screens language (issue 33)', () => {
  afterEach(() => void i18next.changeLanguage('en'));

  it('keeps English as it is', async () => {
    await i18next.changeLanguage('en');
    expect(translateMessage(MSG.required)).toBe('*required');
    expect(translateMessage(PASSWORD_MSG.short)).toBe(PASSWORD_MSG.short);
    expect(translateMessage('At most 100 characters')).toBe('At most 100 characters');
  });

  it('says contract messages, password rules, participant rules and lengths in French', async () => {
    await i18next.changeLanguage('fr');
    expect(translateMessage(MSG.required)).toBe('*obligatoire');
    expect(translateMessage(PASSWORD_MSG.short)).toBe('Le mot de passe doit comporter au moins 12 caractères');
    expect(translateMessage('No spaces are allowed')).toBe('Les espaces ne sont pas autorisées');
    expect(translateMessage('At most 100 characters')).toBe('100 caractères au plus');
    expect(translateMessage(translations.warnings.dates)).toBe('Les dates sont faciles à deviner.');
    expect(translateErrors({ firstName: MSG.required, n: 'Not in any catalogue' })).toEqual({
      firstName: '*obligatoire',
      n: 'Not in any catalogue',
    });
  });

  it("holds zxcvbn's English feedback word for word, so each is found by its text", () => {
    expect(en.common.password.warnings).toEqual(translations.warnings);
    expect(en.common.password.suggestions).toEqual(translations.suggestions);
  });
});
