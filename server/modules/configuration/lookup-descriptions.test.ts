// Issue 33 ("every word in the user's language"): a lookup's description per language, `descriptions` beside the
// English `description`, written by the configuration calls the way `titles` are (contract/lookup-titles.ts).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { MSG, msgf } from '../../../contract/messages';
import { localTitle } from '../../../contract/lookup-titles';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { referenceIds } from '../../test/participants-fixtures';

const t = await testApp();
const admin = await signedIn(t, ['Institution Administrator']);
const clinician = await signedIn(t, ['Clinician'], admin.institution);
const inst = admin.institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
const FR = { 'accept-language': 'fr-CA,fr;q=0.9' };
type Rec = {
  id: number;
  title: string;
  description: string | null;
  descriptions: Record<string, string> | null;
  titles: Record<string, string> | null;
  concurrencyStamp: string;
};
type Errors = { title: string; errors: Record<string, string[]> };

const r = await referenceIds(t, inst, admin.token);
const get = async (p: string, headers?: Record<string, string>) => {
  const res = await t.call('GET', api(p), { token: clinician.token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const put = (id: number, body: object) => t.call('PUT', api(`genders/${id}`), { token: admin.token, body });

describe('lookup descriptions per language', () => {
  it('stores and answers the descriptions beside the default description, and audits the change', async () => {
    const female = json<Rec>(await get(`genders/${r.female}`));
    const edited = await put(r.female, {
      ...female,
      descriptions: { fr: 'Personne de genre féminin\nà la naissance' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The default description is the field edited: the French sits beside it, line break kept.
    expect(json<Rec>(edited)).toMatchObject({
      description: 'Female',
      descriptions: { fr: 'Personne de genre féminin\nà la naissance' },
    });
    const rows = await t.db
      .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'genders'), eq(auditEvents.entityId, String(r.female))));
    const update = rows.filter((a) => a.action === 'update').at(-1);
    expect(update?.before).toMatchObject({ descriptions: { fr: 'Femme' } });
    expect(update?.after).toMatchObject({ descriptions: { fr: 'Personne de genre féminin\nà la naissance' } });
  });

  it('answers a French reader the French description and an English reader the description it always had', async () => {
    const male = json<Rec>(await get(`genders/${r.male}`));
    await put(r.male, { ...male, descriptions: { fr: 'Masculin' } });
    const french = json<Rec[]>(await get('genders?PageSize=100', FR)).find((g) => g.id === r.male)!;
    expect(french).toMatchObject({ description: 'Male', descriptions: { fr: 'Masculin' } });
    expect(localTitle(french.description, french.descriptions, 'fr')).toBe('Masculin');
    const english = json<Rec>(await get(`genders/${r.male}`));
    expect(english.description).toBe('Male');
    expect(localTitle(english.description, english.descriptions, 'en')).toBe('Male');
    // A list the reader's language has no description for falls back to the default (a new record).
    const made = await t.call('POST', api('genders'), {
      token: admin.token,
      body: { title: `Neutre ${Date.now()}`, abbreviation: 'N', description: 'Neither' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(json<Rec>(made).descriptions).toBeNull();
    expect(localTitle('Neither', json<Rec>(made).descriptions, 'fr')).toBe('Neither');
  });

  it('keeps the descriptions when an edit leaves them out (the spec calls), and clears them with null', async () => {
    const now = json<Rec>(await get(`genders/${r.male}`));
    const { descriptions: _left, titles: _titles, ...spec } = now;
    const kept = await put(r.male, { ...spec, description: 'Male participant' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json<Rec>(kept)).toMatchObject({ description: 'Male participant', descriptions: { fr: 'Masculin' } });
    // A blank French description is none: with no other language left, the descriptions are null.
    const blank = await put(r.male, { ...json<Rec>(kept), descriptions: { fr: '   ' } });
    expect(json<Rec>(blank).descriptions).toBeNull();
    const again = await put(r.male, { ...json<Rec>(blank), descriptions: { fr: 'Masculin' } });
    const cleared = await put(r.male, { ...json<Rec>(again), descriptions: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<Rec>(cleared).descriptions).toBeNull();
  });

  it('refuses an unknown or English code, a value too long or with control characters, a value not an object', async () => {
    const body = { title: `Plasma ${Date.now()}`, abbreviation: 'PL', description: 'x' };
    const post = (descriptions: unknown, headers?: Record<string, string>) =>
      t.call('POST', api('genders'), { token: admin.token, body: { ...body, descriptions }, headers });
    const errors = async (descriptions: unknown, headers?: Record<string, string>) => {
      const res = await post(descriptions, headers);
      expect(res.statusCode, res.body).toBe(400);
      const problem = json<Errors>(res);
      expect(problem.title).toBeTruthy();
      return problem.errors;
    };
    expect((await errors({ xx: 'Plasma' })).descriptions).toEqual([MSG.descriptionLanguage]);
    expect(MSG.descriptionLanguage).toContain('fr (Français)');
    expect((await errors({ en: 'Plasma' })).descriptions).toEqual([MSG.descriptionLanguage]);
    expect((await errors({ fr: 'x'.repeat(1001) }))['descriptions.fr']).toEqual([
      msgf('atMostCharacters', { max: 1000 }),
    ]);
    expect((await errors({ fr: 'Plasma\u0007' }))['descriptions.fr']).toEqual([MSG.controlCharacterMultiline]);
    expect((await errors('Plasma')).descriptions).toEqual([MSG.descriptionsObject]);
    expect((await errors(['Plasma'])).descriptions).toEqual([MSG.descriptionsObject]);
    expect((await errors({ xx: 'Plasma' }, FR)).descriptions[0]).toMatch(/^Une description dans une autre langue/);
    // The limit is the description's own: 1000 characters are taken.
    const longest = await post({ fr: 'x'.repeat(1000) });
    expect(longest.statusCode, longest.body).toBe(201);
  });

  it('takes descriptions on every described list, a location (optional description) and a unit included', async () => {
    const facility = await t.call('POST', api('facilities'), {
      token: admin.token,
      body: { title: `Site ${Date.now()}`, abbreviation: 'S', descriptions: { fr: 'Bâtiment principal' } },
    });
    expect(facility.statusCode, facility.body).toBe(201);
    expect(json<Rec>(facility)).toMatchObject({ description: null, descriptions: { fr: 'Bâtiment principal' } });
    const types = json<Rec[]>(await get('unitOfMeasurementTypes?PageSize=100'));
    const volume = types.find((u) => u.title === 'Volume')!;
    const unit = await t.call('POST', api('unitOfMeasurements'), {
      token: admin.token,
      body: {
        unitOfMeasurementTypeId: volume.id,
        unitName: `Nanolitre ${Date.now()}`,
        unitSymbol: 'nL',
        description: 'One billionth of a litre',
        descriptions: { fr: 'Un milliardième de litre' },
      },
    });
    expect(unit.statusCode, unit.body).toBe(201);
    expect(json<Rec>(unit).descriptions).toEqual({ fr: 'Un milliardième de litre' });
  });
});
