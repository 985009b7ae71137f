import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import {
  COMMON_PASSWORDS,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MSG,
  passwordLength,
  passwordProblem,
} from './password-policy';
import { passwordVerdict, strongPasswordProblem } from './password-strength';

describe('password policy', () => {
  it("ships exactly the long entries of the package's 10,000 most common passwords", () => {
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

  it('counts characters, not UTF-16 units, and names an over-long password', () => {
    expect(passwordLength('😀🙂😀🙂😀🙂')).toBe(6);
    expect(passwordProblem('😀🙂😀🙂😀🙂')).toBe(PASSWORD_MSG.short);
    expect(passwordProblem('🧪'.repeat(200))).not.toBe(PASSWORD_MSG.long);
    expect(passwordProblem('x'.repeat(201))).toBe(PASSWORD_MSG.long);
    expect(passwordProblem('x'.repeat(5_000_000))).toBe(PASSWORD_MSG.long);
  });
});

describe('password strength (issue 26: zxcvbn score >= 3, own words, current password)', () => {
  it('refuses what issue 26 found accepted, and accepts a strong password', () => {
    for (const p of [' '.repeat(12), 'password1234', '123456789012', 'aaaaaaaaaaaa', 'Password1234']) {
      expect(strongPasswordProblem(p), p).toBe(PASSWORD_MSG.weak);
    }
    expect(strongPasswordProblem('Correct-Horse-9')).toBeNull();
    expect(passwordVerdict('Correct-Horse-9').score).toBeGreaterThanOrEqual(3);
  });

  it("scores with the account's own names and e-mail, and refuses the current password", () => {
    const owner = { email: 'abebe.kebede@lab.test', userInputs: ['Abebe', 'Kebede'] };
    expect(strongPasswordProblem('AbebeAbebeKebede')).toBeNull();
    expect(strongPasswordProblem('AbebeAbebeKebede', owner)).toBe(PASSWORD_MSG.weak);
    expect(strongPasswordProblem('Correct-Horse-9', { ...owner, current: 'Correct-Horse-9' })).toBe(
      PASSWORD_MSG.current,
    );
  });

  it("gives the meter zxcvbn's feedback in words", () => {
    const v = passwordVerdict('aaaaaaaaaaaa');
    expect(v.score).toBe(0);
    expect(v.warning).toMatch(/Repeated characters/);
  });
});
