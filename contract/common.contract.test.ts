import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { multilineText, optionalText, requiredText, text, trimmedText, visibleText } from './common.contract';

// Issue 26 item 13: text fields refuse invisible control (docs/operations.md "Control characters in text").

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);
const char = (cp: number) => String.fromCodePoint(cp);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => char(from + i));

const C0 = range(0x01, 0x1f); // NUL has its own message
const DEL_C1 = range(0x7f, 0x9f);
const BIDI_OVERRIDES = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const BIDI_MARKS = ['\u200E', '\u200F', '\u061C'];
const SEPARATORS = ['\u2028', '\u2029'];

describe('single-line text (names, codes, IDs, titles)', () => {
  const name = requiredText(100);
  it.each([
    ['C0 controls (tab, newline and CR included)', C0],
    ['DEL and C1 controls', DEL_C1],
    ['bidirectional embeddings, overrides and isolates', BIDI_OVERRIDES],
    ['bidirectional marks (LRM, RLM, ALM)', BIDI_MARKS],
    ['line and paragraph separators', SEPARATORS],
  ])('refuses %s inside the text with the field message', (_label, chars) => {
    for (const c of chars) {
      expect(messages(name.safeParse(`Al${c}maz`)), `U+${c.codePointAt(0)!.toString(16)}`).toEqual([
        MSG.controlCharacter,
      ]);
      expect(messages(trimmedText(100).safeParse(`x${c}y`))).toEqual([MSG.controlCharacter]);
      expect(messages(optionalText(100).safeParse(`x${c}y`))).toEqual([MSG.controlCharacter]);
    }
  });

  it('keeps NUL its own message', () => {
    expect(messages(name.safeParse('a\u0000b'))).toEqual([MSG.nulCharacter]);
  });

  it('accepts every script, accents, emoji with joiners, punctuation and spaces', () => {
    for (const v of [
      'Almaz',
      'ሰላም ልጆች',
      "Ünal O'Brien",
      'محمد علي',
      'שלום',
      '李小龙',
      '👩‍⚕️ nurse',
      'a\u00A0b',
      'x = y + 1',
      "-2+3+cmd|' /C calc'!A0",
    ]) {
      expect(name.safeParse(v), v).toMatchObject({ success: true, data: v });
    }
  });

  it('trims surrounding whitespace first (a trailing newline from a paste is not refused)', () => {
    expect(name.parse('  Almaz\n')).toBe('Almaz');
    expect(name.parse('\tAlmaz\r\n')).toBe('Almaz');
  });
});

describe('multi-line text (comments, reasons, descriptions)', () => {
  const comment = multilineText(2000);
  it('keeps tab and newline; CRLF and a lone CR become a newline', () => {
    expect(comment.parse('line one\n\tline two')).toBe('line one\n\tline two');
    expect(comment.parse('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('keeps the bidirectional marks mixed-direction prose needs', () => {
    for (const c of BIDI_MARKS) expect(comment.safeParse(`שלום${c} (1)`).success).toBe(true);
  });

  it('refuses every other control, overrides, isolates and separators', () => {
    const refused = [...C0.filter((c) => !'\t\n\r'.includes(c)), ...DEL_C1, ...BIDI_OVERRIDES, ...SEPARATORS];
    expect(refused.length).toBe(28 + 33 + 9 + 2);
    for (const c of refused)
      expect(messages(comment.safeParse(`a${c}b`)), `U+${c.codePointAt(0)!.toString(16)}`).toEqual([
        MSG.controlCharacterMultiline,
      ]);
  });

  it('untrimmed multi-line text (answers, results, consent HTML) follows the same rule', () => {
    const answer = visibleText(4000, { lines: 'multi', trim: false });
    expect(answer.parse('  two\nlines ')).toBe('  two\nlines ');
    expect(messages(answer.safeParse('a\u202Eb'))).toEqual([MSG.controlCharacterMultiline]);
  });
});

describe('raw text (passwords only)', () => {
  it('is as sent, NUL excepted', () => {
    expect(text(100).parse('pass\tword\u202E')).toBe('pass\tword\u202E');
    expect(messages(text(100).safeParse('a\u0000'))).toEqual([MSG.nulCharacter]);
  });
});
