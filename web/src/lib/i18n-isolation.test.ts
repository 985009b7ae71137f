import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Trans } from 'react-i18next';
import { createInstance } from 'i18next';
import { CATALOGUES, NAMESPACES } from '@contract/i18n/catalogues';
import type * as Languages from '@contract/i18n/languages';
import { FSI, i18next, PDI } from './i18n';

/**
 * No right-to-left catalogue exists (a half-translated language is not offered), so the registry gets one here:
 * 'ar', right-to-left, without a catalogue (its texts fall back to English, its values are isolated).
 */
vi.mock('@contract/i18n/languages', async (importOriginal) => {
  const real = await importOriginal<typeof Languages>();
  const LANGUAGES = [...real.LANGUAGES, { code: 'ar', nativeName: 'العربية', dir: 'rtl', complete: false }] as const;
  const isLanguage = (code: unknown) => typeof code === 'string' && LANGUAGES.some((l) => l.code === code);
  const directionOf = (code: string) => LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
  return { ...real, LANGUAGES, isLanguage, directionOf };
});

/** i18next as the web had it before isolation (escapeValue false, its own formatter): the bytes LTR must keep. */
const reference = createInstance();
void reference.init({
  resources: CATALOGUES,
  ns: [...NAMESPACES],
  defaultNS: 'shell',
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Every key of a namespace tree whose English takes a value, with the names of its values (`{{name, format}}`). */
function keysWithValues(tree: unknown, prefix = ''): { key: string; names: string[] }[] {
  if (typeof tree === 'string') {
    const names = [...tree.matchAll(/\{\{\s*-?\s*([\w.]+)\s*(,[^}]*)?\}\}/g)].map((m) => m[1]);
    return names.length ? [{ key: prefix, names }] : [];
  }
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([k, v]) => keysWithValues(v, prefix ? `${prefix}.${k}` : k));
}

/** Values of every kind a screen passes: a code with markup characters, a date, a count, an amount. */
const valueFor = (name: string): string | number =>
  name === 'count'
    ? 3
    : /date|since|at$|when/i.test(name)
      ? '2026-11-29 14:05'
      : /max|held|n$|total/i.test(name)
        ? 1234.5
        : 'S-2026-000123 <b>&';

const sampleTitle = { ns: 'samples', sampleId: 'S-2026-000123' } as const;

describe('values in translated sentences, isolated in a right-to-left language (issue 33 item 5)', () => {
  afterEach(() => void i18next.changeLanguage('en'));

  it('leaves every sentence with values of English and French byte for byte as i18next wrote them before', async () => {
    const all = NAMESPACES.flatMap((ns) => keysWithValues(CATALOGUES.en[ns]).map((k) => ({ ns, ...k })));
    expect(all.length, 'the catalogues have sentences with values').toBeGreaterThan(200);
    for (const lng of ['en', 'fr'] as const) {
      await i18next.changeLanguage(lng);
      await reference.changeLanguage(lng);
      for (const { ns, key, names } of all) {
        const values = Object.fromEntries(names.map((n) => [n, valueFor(n)]));
        const ours = i18next.t(key, { ns, ...values });
        expect(ours, `${lng} ${ns}:${key}`).toBe(reference.t(key, { ns, ...values }));
        expect(ours, `${lng} ${ns}:${key} has no isolate`).not.toMatch(/[\u2068\u2069]/);
      }
    }
    await i18next.changeLanguage('en');
    expect(i18next.t('detail.title', sampleTitle)).toBe('Sample S-2026-000123');
  });

  it('wraps each value in FSI … PDI in a right-to-left language, formatted first', async () => {
    await i18next.changeLanguage('ar');
    expect(i18next.language).toBe('ar');
    expect(i18next.t('detail.title', sampleTitle)).toBe(`Sample ${FSI}S-2026-000123${PDI}`);
    expect(i18next.t('heldBySince', { ns: 'samples', title: 'Central', since: '2026-11-29 14:05' })).toBe(
      `Held by ${FSI}Central${PDI} since ${FSI}2026-11-29 14:05${PDI}`,
    );
    // A named format runs first (Arabic digits from Intl), then the isolate goes around what it wrote.
    const number = new Intl.NumberFormat('ar').format(1234);
    expect(i18next.t('suggestions.held', { ns: 'requests', held: 1234, max: 5000 })).toBe(
      `${FSI}${number}${PDI} of at most ${FSI}${new Intl.NumberFormat('ar').format(5000)}${PDI} samples reserved for this request.`,
    );
    // A count picks its plural form as before and is isolated as any value.
    expect(i18next.t('detail.childCount', { ns: 'samples', count: 1 })).toMatch(new RegExp(`^${FSI}1${PDI}`));
    // A missing value is still reported as missing (left out), never an isolated 'undefined'.
    expect(i18next.t('detail.title', { ns: 'samples' })).not.toContain('undefined');
  });

  it('never lets a value become markup, in a sentence or in <Trans>, in either direction', async () => {
    const box = '<strong>Box</strong> & <b>1</b>';
    for (const lng of ['en', 'ar']) {
      await i18next.changeLanguage(lng);
      const sentence = renderToStaticMarkup(
        createElement('p', null, i18next.t('detail.title', { ns: 'samples', sampleId: box })),
      );
      expect(sentence, lng).toContain('&lt;strong&gt;Box&lt;/strong&gt; &amp; &lt;b&gt;1&lt;/b&gt;');
      const trans = renderToStaticMarkup(
        createElement(Trans, {
          i18n: i18next,
          ns: 'storage',
          i18nKey: 'allocation.where',
          values: { box, code: 'A1', row: 1, column: 2 },
          components: { b: createElement('b') },
        }),
      );
      // The catalogue's own <b> around the code is an element; the value's tags stay text.
      expect(trans, lng).toContain('&lt;strong&gt;Box&lt;/strong&gt; &amp; &lt;b&gt;1&lt;/b&gt;');
      expect(trans, lng).not.toContain('<strong>');
      expect(trans, lng).toMatch(/<b>(\u2068)?A1(\u2069)?<\/b>/);
    }
  });
});
