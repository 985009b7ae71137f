// Issue 33 item 4: a lookup's title per language, written by the configuration calls, shown in the reader's language.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { MSG, msgf } from '../../../contract/messages';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';

const t = await testApp();
const admin = await signedIn(t, ['Institution Administrator']);
const clinician = await signedIn(t, ['Clinician'], admin.institution);
const inst = admin.institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
const FR = { 'accept-language': 'fr-CA,fr;q=0.9' };
type Rec = { id: number; title: string; titles: Record<string, string> | null; concurrencyStamp: string };

const r = await referenceIds(t, inst, admin.token);
const female = json<Rec>(await t.call('GET', api(`genders/${r.female}`), { token: admin.token }));
const edited = await t.call('PUT', api(`genders/${r.female}`), {
  token: admin.token,
  body: { ...female, titles: { fr: 'Femme' } },
});
// Single's seeded French title (server/db/seed/reference-data.ts) is cleared: a record without one in French.
const single = json<Rec>(await t.call('GET', api(`maritalStatuses/${r.single}`), { token: admin.token }));
const cleared = await t.call('PUT', api(`maritalStatuses/${r.single}`), {
  token: admin.token,
  body: { ...single, titles: null },
});
if (cleared.statusCode !== 200) throw new Error(cleared.body);
const registered = json<{ id: number }>(
  await t.call('POST', api('patients/register'), { token: clinician.token, body: participant(r) }),
);

describe('lookup titles per language', () => {
  it('stores and answers the titles beside the default title, and audits the change', async () => {
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<Rec>(edited)).toMatchObject({ title: 'Female', titles: { fr: 'Femme' } });
    const list = json<Rec[]>(await t.call('GET', api('genders?PageSize=100'), { token: admin.token, headers: FR }));
    // The list of the lookup itself keeps its default title (the field edited) and carries the translations.
    expect(list.find((g) => g.id === r.female)).toMatchObject({ title: 'Female', titles: { fr: 'Femme' } });
    const rows = await t.db
      .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'genders'), eq(auditEvents.entityId, String(r.female))));
    const update = rows.find((a) => a.action === 'update');
    expect(update?.after).toMatchObject({ titles: { fr: 'Femme' } });
  });

  it("shows a reference's title in the caller's language, English without one", async () => {
    const get = (headers?: Record<string, string>) =>
      t.call('GET', api(`patients/${registered.id}`), { token: clinician.token, headers });
    expect(json<{ gender: { title: string } }>(await get(FR)).gender.title).toBe('Femme');
    expect(json<{ gender: { title: string } }>(await get()).gender.title).toBe('Female');
    // A record without a French title (this institution cleared Single's) falls back to the default.
    expect(json<{ maritalStatus: { title: string } }>(await get(FR)).maritalStatus.title).toBe('Single');
    const page = json<{ id: number; gender: { title: string } }[]>(
      await t.call('GET', api('patients?PageSize=5'), { token: clinician.token, headers: FR }),
    );
    expect(page.find((p) => p.id === registered.id)?.gender.title).toBe('Femme');
  });

  it("follows the account's language", async () => {
    const fr = await signedIn(t, ['Clinician'], admin.institution);
    await t.call('PUT', '/api/Authentication/language', { token: fr.token, body: { language: 'fr' } });
    const p = json<{ gender: { title: string } }>(
      await t.call('GET', api(`patients/${registered.id}`), { token: fr.token }),
    );
    expect(p.gender.title).toBe('Femme');
  });

  it('keeps the titles when an edit leaves them out (the spec calls), and clears them with null', async () => {
    const now = json<Rec>(await t.call('GET', api(`genders/${r.male}`), { token: admin.token }));
    const withFr = json<Rec>(
      await t.call('PUT', api(`genders/${r.male}`), { token: admin.token, body: { ...now, titles: { fr: 'Homme' } } }),
    );
    const { titles: _left, ...spec } = withFr;
    const kept = json<Rec>(await t.call('PUT', api(`genders/${r.male}`), { token: admin.token, body: spec }));
    expect(kept.titles).toEqual({ fr: 'Homme' });
    const cleared = json<Rec>(
      await t.call('PUT', api(`genders/${r.male}`), { token: admin.token, body: { ...kept, titles: null } }),
    );
    expect(cleared.titles).toBeNull();
  });

  it('refuses an unknown language code, a value that is too long and a titles value that is not an object', async () => {
    const body = { title: `Plasma ${Date.now()}`, abbreviation: 'PL', description: 'x' };
    const post = (titles: unknown, headers?: Record<string, string>) =>
      t.call('POST', api('genders'), { token: admin.token, body: { ...body, titles }, headers });
    const unknown = await post({ xx: 'Plasma' });
    expect(unknown.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(unknown).errors.titles).toEqual([MSG.titleLanguage]);
    expect(MSG.titleLanguage).toContain('fr (Français)');
    const english = await post({ en: 'Plasma' });
    expect(english.statusCode).toBe(400);
    const long = await post({ fr: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(long).errors['titles.fr']).toEqual([
      msgf('atMostCharacters', { max: 200 }),
    ]);
    const notObject = await post('Plasma');
    expect(notObject.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(notObject).errors.titles).toEqual([MSG.titlesObject]);
    const french = await post({ xx: 'Plasma' }, FR);
    expect(json<{ errors: Record<string, string[]> }>(french).errors.titles[0]).toMatch(
      /^Un titre dans une autre langue/,
    );
  });
});
