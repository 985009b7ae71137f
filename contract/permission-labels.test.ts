import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './i18n/catalogues';
import { LANGUAGES } from './i18n/languages';
import { PERMISSION_LABELS } from './permission-labels';
import { PERMISSIONS, ROLES } from './permissions.contract';

/** The catalogue's text at a dotted path (`labels.results.release`). */
const at = (tree: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe('permission labels and role names in the catalogues (issue 33)', () => {
  it('English says each permission as PERMISSION_LABELS does (what the server writes)', () => {
    for (const p of PERMISSIONS) expect(at(CATALOGUES.en.permissions, `labels.${p}`), p).toBe(PERMISSION_LABELS[p]);
  });

  it('every complete language names every permission and every role', () => {
    for (const { code } of LANGUAGES.filter((l) => l.complete)) {
      for (const p of PERMISSIONS) expect(at(CATALOGUES[code].permissions, `labels.${p}`), `${code} ${p}`).toBeTruthy();
      for (const r of ROLES) expect(CATALOGUES[code].permissions.roles[r], `${code} ${r}`).toBeTruthy();
    }
    for (const r of ROLES) expect(CATALOGUES.en.permissions.roles[r]).toBe(r);
  });
});
