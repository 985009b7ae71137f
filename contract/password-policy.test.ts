import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS, PASSWORD_MIN_LENGTH, PASSWORD_MSG, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('ships exactly the long entries of the package\'s 10,000 most common passwords', () => {
    const top = dictionary['passwords-common'].slice(0, 10_000);
    expect([...COMMON_PASSWORDS]).toEqual(top.filter((p) => p.length >= PASSWORD_MIN_LENGTH));
  });

  it('names the first rule a password breaks', () => {
    expect(passwordProblem('Short-1')).toBe(PASSWORD_MSG.short);
    expect(passwordProblem('QWERTY123456')).toBe(PASSWORD_MSG.common);
    expect(passwordProblem('Ada.Lovelace@Lab.test', 'ada.lovelace@lab.test')).toBe(PASSWORD_MSG.email);
    expect(passwordProblem('ada.lovelace', 'ada.lovelace@lab.test')).toBe(PASSWORD_MSG.email);
    expect(passwordProblem('Correct-Horse-9', 'ada.lovelace@lab.test')).toBeNull();
  });
});
