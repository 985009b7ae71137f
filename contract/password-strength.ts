import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_SCORE, PASSWORD_MSG, passwordProblem } from './password-policy';

/*
 * issue 26: the whole password rule, one function for the server and the browser. It needs zxcvbn-ts's
 * common and English dictionaries (some MB), so it lives apart from password-policy.ts: the server imports
 * it, the web loads it with a dynamic import when a new-password field appears (web/src/lib/password-strength.ts),
 * so the main bundle does not carry it. The one module of contract/ that imports more than zod.
 */

let factory: ZxcvbnFactory | undefined;
/** Built on first use (about 0.1 s: it ranks the dictionaries). */
const zxcvbn = () =>
  (factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  }));

/**
 * zxcvbn's matchers cost grows faster than the length: 200 characters took 0.7-2.2 s of one core (the event loop of
 * every request), 32 take about 0.1 s. Only this many leading characters are scored; the rest can only add strength.
 */
export const SCORED_CHARACTERS = 32;

/** Who the password is for: names, user name and e-mail are guesses an attacker tries first; the current password is refused. */
export interface PasswordOwner {
  email?: string | null;
  /** First and last name, user name, e-mail: anything of the account's own. */
  userInputs?: (string | null | undefined)[];
  current?: string | null;
}

export interface PasswordVerdict {
  /** The field message, or null when the password is accepted. */
  problem: string | null;
  /** zxcvbn's 0-4 (0 also for a password that breaks a length rule). */
  score: number;
  /** zxcvbn's feedback in words, for the strength meter. */
  warning: string | null;
  suggestions: string[];
}

/** The account's own words, whole and in pieces (ada.lovelace@lab.test: ada, lovelace, lab). */
function ownWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  for (const input of [...(owner.userInputs ?? []), owner.email]) {
    const text = input?.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    for (const piece of text.split(/[\s@._+-]+/)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/** The first rule a new password breaks (length, common, e-mail, current, zxcvbn score >= 3), with the meter's feedback. */
export function passwordVerdict(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  const basic = passwordProblem(password, owner.email);
  if (basic) return { problem: basic, score: 0, warning: null, suggestions: [] };
  const result = zxcvbn().check([...password].slice(0, SCORED_CHARACTERS).join(''), ownWords(owner));
  const feedback = { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
  if (owner.current && password === owner.current) return { problem: PASSWORD_MSG.current, ...feedback };
  return { problem: result.score < PASSWORD_MIN_SCORE ? PASSWORD_MSG.weak : null, ...feedback };
}

/** The field message for a new password, or null. */
export const strongPasswordProblem = (password: string, owner: PasswordOwner = {}) =>
  passwordVerdict(password, owner).problem;
