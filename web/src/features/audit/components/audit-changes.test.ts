import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@contract/audit.contract';
import { i18next } from '@/lib/i18n';
import { fieldChanges } from './audit-changes';

// Issue 33: an edit of a configuration record's titles or descriptions per language reads as words in the audit log.
const event = (before: unknown, after: unknown): AuditEvent => ({
  id: 1,
  at: '2026-11-30T01:00:00.000Z',
  account: { firstName: 'Ada', lastName: 'Admin' },
  institutionId: 1,
  entity: 'specimenTypes',
  entityId: '7',
  action: 'update',
  before,
  after,
  titles: {},
});

describe('audit changes of translations', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('names the language of each translation, in the screens language', async () => {
    const e = event(
      { title: 'Whole Blood', descriptions: { fr: 'Sang total sur EDTA' } },
      { title: 'Whole Blood', descriptions: { fr: 'Sang veineux sur EDTA' } },
    );
    expect(fieldChanges(e)).toEqual([
      {
        field: 'descriptions',
        label: 'Description in other languages',
        before: 'French: Sang total sur EDTA',
        after: 'French: Sang veineux sur EDTA',
      },
    ]);
    await i18next.changeLanguage('fr');
    expect(fieldChanges(e)[0]).toMatchObject({
      label: 'Description dans les autres langues',
      after: 'français: Sang veineux sur EDTA',
    });
  });

  it('shows cleared translations as a dash', () => {
    const [cleared] = fieldChanges(event({ titles: { fr: 'Sang total' } }, { titles: null }));
    expect(cleared).toMatchObject({ label: 'Title in other languages', before: 'French: Sang total', after: '—' });
  });
});
