import { describe, expect, it } from 'vitest';
import { CATALOGUES, NAMESPACES } from './catalogues';
import { en } from './en';
import { acceptedLanguages, LANGUAGES, matchLanguage } from './languages';

type Node = string | { readonly [key: string]: Node };

/** Every leaf key of a catalogue, as 'ns.path.to.key', with its text. */
function leaves(node: Node, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else
    for (const [k, v] of Object.entries(node))
      for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

// The compiler refuses a TypeScript catalogue missing a key (fr.ts is typed Catalogue); this checks the
// catalogues as the runtime loads them, so a catalogue loaded as data (JSON) later is held to the same rule.
describe('language catalogues', () => {
  const english = leaves(en);

  for (const language of LANGUAGES.filter((l) => l.complete && l.code !== 'en')) {
    it(`${language.code} (complete) has every key of English, and no key English lacks`, () => {
      const own = leaves(CATALOGUES[language.code]);
      // Problem titles are by code and partial (their English stays in the errors files): server/test/problem-texts.test.ts.
      const keys = (m: Map<string, string>) => [...m.keys()].filter((k) => !k.startsWith('problems.')).sort();
      expect(keys(own)).toEqual(keys(english));
      for (const [key, text] of own) {
        expect(text.trim(), key).not.toBe('');
        // The same {{values}} as English: a translation neither drops nor invents one.
        if (english.has(key)) expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
      }
    });
  }

  it('has one namespace per top-level key, listed for i18next', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(en).sort());
  });

  it('registers each language once, with its catalogue', () => {
    const codes = LANGUAGES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(CATALOGUES).sort()).toEqual([...codes].sort());
  });
});

describe('choosing a language', () => {
  it("orders Accept-Language's tags by weight, dropping q=0 and *", () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.2, fr')).toEqual(['fr', 'en']);
    expect(acceptedLanguages('fr;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('matches the first tag whose language we speak, by its primary subtag', () => {
    expect(matchLanguage(['de-DE', 'FR-ca', 'en'])).toBe('fr');
    expect(matchLanguage(['en-GB'])).toBe('en');
    expect(matchLanguage(['de', 'es'])).toBeUndefined();
  });
});

// Administration areas (issue 33): English words kept in the contract (audit labels, import columns, roles, report
// titles, count modes, limits in messages) are the catalogue's English too, so a label added there fails here.
describe('administration catalogues follow the contract', () => {
  it('audit: every action, record type and field label has its English entry', async () => {
    const { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } = await import('../audit-labels');
    expect(AUDIT_ACTIONS).toBe(en.audit.actions); // one list: audit-labels.ts reads English's
    expect(en.audit.records).toEqual(
      Object.fromEntries(Object.entries(AUDIT_RECORD_TYPES).map(([k, v]) => [k, v.label])),
    );
    const labels = new Set(
      Object.values(AUDIT_RECORD_TYPES).flatMap((t) => Object.values(t.fields).map((f) => f.label)),
    );
    expect(Object.keys(en.audit.fields).sort()).toEqual([...labels].sort());
    for (const [k, v] of Object.entries(en.audit.fields)) expect(v).toBe(k);
  });

  it('imports: each kind’s column labels; roles; indicator titles and count modes', async () => {
    const { IMPORT_COLUMNS } = await import('../imports.contract');
    const { ROLES } = await import('../permissions.contract');
    const { INDICATOR_REPORT_TITLES, COUNT_MODE_LABELS } = await import('../indicators.contract');
    expect(en.imports.columns).toEqual(
      Object.fromEntries(
        Object.entries(IMPORT_COLUMNS).map(([kind, columns]) => [
          kind,
          Object.fromEntries(columns.map((c) => [c.field, c.label])),
        ]),
      ),
    );
    expect(Object.keys(en.accounts.roles).sort()).toEqual([...ROLES].sort());
    for (const [k, v] of Object.entries(en.accounts.roles)) expect(v).toBe(k);
    expect(en.indicators.titles).toEqual(INDICATOR_REPORT_TITLES);
    expect(en.indicators.form.countModes).toEqual(COUNT_MODE_LABELS);
  });

  it('the limits the administration messages name are the contract’s', async () => {
    const { MSG } = await import('../messages');
    const { MAX_APPROVERS, MAX_DISTRIBUTION_PURPOSES } = await import('../distribution.contract');
    const { MAX_MATCHING_VALUES } = await import('../indicators.contract');
    expect(MSG.purposesAtMost50).toBe(`At most ${MAX_DISTRIBUTION_PURPOSES} consent purposes`);
    expect(MSG.approverMax).toBe(`At most ${MAX_APPROVERS} approvers`);
    expect(MSG.valuesMax).toBe(`At most ${MAX_MATCHING_VALUES} values`);
    const { ETHICS_DOCUMENT_MAX_BYTES } = await import('../distribution.contract');
    expect(MSG.documentTooLarge).toBe(`The file is larger than ${ETHICS_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
  });
});
