// Issue 33: the screening indicators' titles and remarks per language (docs/languages.md, docs/indicators.md): seeded
// in French for a new institution, filled by the migration only where the seeded English is kept, edited as a
// lookup's titles (contract/lookup-titles.ts), said in the caller's language by the report, its CSV and the list.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, msgf } from '../../contract/messages';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { DEFAULTS } from '../modules/indicators/defaults';
import { indicatorDefinitions } from '../modules/indicators/indicators.table';

const t = await testApp();
const FR = { 'accept-language': 'fr-CA,fr;q=0.9' };
type Row = { sNo: number; indicator: string; remark: string | null };
type Report = { title: string; rows: Row[] };
type Definition = {
  id: number;
  ordinal: number;
  title: string;
  remark: string | null;
  titles: Record<string, string> | null;
  remarks: Record<string, string> | null;
  shownTitle: string;
  shownRemark: string | null;
  note: string | null;
  protocolAbbreviation: string;
  fieldPrompt: string | null;
  matchingValues: string[];
  countMode: string;
  concurrencyStamp: string;
};
type Problem = { title: string; errors: Record<string, string[]> };

/** A new institution with a coordinator (protocols.manage, reports.run) and its indicators' calls. */
async function institution() {
  const { institution: i, token } = await signedIn(t, ['Coordinator']);
  const base = `/api/institutions/${i.id}/indicators`;
  const get = (path: string, headers?: Record<string, string>) => t.call('GET', `${base}/${path}`, { token, headers });
  const put = (id: number, body: unknown, headers?: Record<string, string>) =>
    t.call('PUT', `${base}/cervical/definitions/${id}`, { token, body, headers });
  return { id: i.id, get, put };
}

/** The spec's edit body of a definition (what a client of the project's own PUT sends without the additive fields). */
const specBody = (d: Definition) => ({
  Title: d.title,
  ProtocolAbbreviation: d.protocolAbbreviation,
  FieldPrompt: d.fieldPrompt,
  MatchingValues: d.matchingValues,
  CountMode: d.countMode,
  Remark: d.remark,
  ConcurrencyStamp: d.concurrencyStamp,
});

describe('indicator titles per language', () => {
  it('a new institution reads its reports in French with Accept-Language: fr, in English without', async () => {
    const inst = await institution();
    for (const report of ['cervical', 'breast'] as const) {
      const defaults = DEFAULTS[report].definitions;
      const english = json<Report>(await inst.get(report));
      expect(english.rows.map((r) => [r.indicator, r.remark])).toEqual(defaults.map((d) => [d.title, d.remark]));
      const french = json<Report>(await inst.get(report, FR));
      expect(french.rows.map((r) => [r.indicator, r.remark])).toEqual(defaults.map((d) => [d.fr.title, d.fr.remark]));
      // Every default has its own French, not the English copied.
      expect(defaults.filter((d) => d.fr.title === d.title && !d.title.startsWith('BI-RADS'))).toEqual([]);
    }
    const french = json<Report>(await inst.get('cervical', FR));
    expect(french.rows[2]).toMatchObject({
      indicator: 'IVA négative',
      remark: 'Résultat du dépistage par IVA\u00a0: négatif',
    });
    const csv = (await inst.get('cervical.csv', FR)).body;
    expect(csv).toContain('"IVA positive, éligible à la cryothérapie"');
    expect((await inst.get('cervical.csv')).body).toContain('"VIA positive, eligible for cryotherapy"');
    // The list answers the default texts it edits, the translations, and both said in the caller's language.
    const defs = json<Definition[]>(await inst.get('breast/definitions', FR));
    expect(defs[1]).toMatchObject({
      title: 'Clinical breast examination done',
      titles: { fr: 'Examen clinique des seins réalisé' },
      remarks: { fr: "Tout résultat d'examen clinique des seins enregistré" },
      shownTitle: 'Examen clinique des seins réalisé',
      shownRemark: "Tout résultat d'examen clinique des seins enregistré",
      note: expect.stringMatching(/^La spécification ne donne aucune règle/),
      fieldPrompt: 'Clinical Breast Examination Result',
    });
    expect(json<Definition[]>(await inst.get('breast/definitions'))[1]).toMatchObject({
      shownTitle: 'Clinical breast examination done',
      note: 'The spec gives no rule for this indicator; edit it to match your form.',
    });
  });

  it('an edit keeps the French when it leaves it out, stores given titles and remarks, and clears them with null', async () => {
    const inst = await institution();
    const [, screenedVia] = json<Definition[]>(await inst.get('cervical/definitions'));
    // An edited English title keeps the French one unless the French is edited too.
    const renamed = json<Definition>(
      await inst.put(screenedVia.id, { ...specBody(screenedVia), Title: 'Women screened by VIA' }),
    );
    expect(renamed).toMatchObject({ title: 'Women screened by VIA', titles: { fr: 'Femmes dépistées par IVA' } });
    const given = await inst.put(
      screenedVia.id,
      {
        ...specBody(renamed),
        Titles: { fr: '  Femmes vues en IVA ' },
        Remarks: { fr: 'Toute IVA notée' },
      },
      FR,
    );
    expect(given.statusCode, given.body).toBe(200);
    expect(json<Definition>(given)).toMatchObject({
      titles: { fr: 'Femmes vues en IVA' },
      remarks: { fr: 'Toute IVA notée' },
      shownTitle: 'Femmes vues en IVA',
      shownRemark: 'Toute IVA notée',
    });
    expect(json<Report>(await inst.get('cervical', FR)).rows[1]).toMatchObject({
      indicator: 'Femmes vues en IVA',
      remark: 'Toute IVA notée',
    });
    expect(json<Report>(await inst.get('cervical')).rows[1].indicator).toBe('Women screened by VIA');
    // A blank French title is none: the default title is shown; null clears them.
    const now = json<Definition>(await inst.get(`cervical/definitions/${screenedVia.id}`));
    const blank = json<Definition>(
      await inst.put(screenedVia.id, { ...specBody(now), Titles: { fr: '  ' }, Remarks: null }, FR),
    );
    expect(blank).toMatchObject({
      titles: null,
      remarks: null,
      shownTitle: 'Women screened by VIA',
      shownRemark: 'Any VIA result recorded',
    });
  });

  it('refuses an unknown language, control characters and a title too long, with a clear title', async () => {
    const inst = await institution();
    const [first] = json<Definition[]>(await inst.get('cervical/definitions'));
    const put = (extra: object, headers?: Record<string, string>) =>
      inst.put(first.id, { ...specBody(first), ...extra }, headers);
    const unknown = await put({ Titles: { xx: 'Femmes' } });
    expect(unknown.statusCode).toBe(400);
    expect(json<Problem>(unknown).errors.titles).toEqual([MSG.titleLanguage]);
    expect(json<Problem>(unknown).title).toContain(MSG.titleLanguage);
    expect((await put({ Titles: { en: 'Women' } })).statusCode).toBe(400);
    const control = await put({ Remarks: { fr: 'Femmes\u0007' } });
    expect(control.statusCode).toBe(400);
    expect(Object.keys(json<Problem>(control).errors)).toEqual(['remarks.fr']);
    const long = await put({ Titles: { fr: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(json<Problem>(long).errors['titles.fr']).toEqual([msgf('atMostCharacters', { max: 200 })]);
    expect((await put({ Remarks: { fr: 'x'.repeat(500) } })).statusCode).toBe(200);
    const notObject = await put({ Titles: 'Femmes' }, FR);
    expect(notObject.statusCode).toBe(400);
    expect(json<Problem>(notObject).title).toMatch(/Titres|titre/);
    expect(json<Problem>(notObject).errors.titles[0]).toMatch(/^Titres par langue/);
    // Nothing was stored by the refused calls.
    expect(json<Definition>(await inst.get(`cervical/definitions/${first.id}`)).titles).toEqual({
      fr: DEFAULTS.cervical.definitions[0].fr.title,
    });
  });

  it("the migration fills the seeded English rows' French and never an institution's own title or remark", async () => {
    const inst = await institution();
    const defs = json<Definition[]>(await inst.get('cervical/definitions'));
    const own = defs[3];
    const mine = and(eq(indicatorDefinitions.institutionId, inst.id), eq(indicatorDefinitions.report, 'cervical'));
    // As before the migration: no translations; one title and another remark are the institution's own.
    await t.db.update(indicatorDefinitions).set({ titles: null, remarks: null }).where(mine);
    await t.db
      .update(indicatorDefinitions)
      .set({ title: 'VIA+ (our count)' })
      .where(eq(indicatorDefinitions.id, own.id));
    await t.db
      .update(indicatorDefinitions)
      .set({ remark: 'Our own remark' })
      .where(eq(indicatorDefinitions.id, defs[4].id));
    // An institution that already has a French title keeps it.
    await t.db
      .update(indicatorDefinitions)
      .set({ titles: { fr: 'Notre titre' } })
      .where(eq(indicatorDefinitions.id, defs[5].id));
    const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
    const file = readdirSync(dir).find((f) => /^\d+_indicator_titles\.sql$/.test(f));
    expect(file).toBeDefined();
    const updates = readFileSync(`${dir}${file}`, 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s));
    expect(updates).toHaveLength(2);
    for (const statement of updates) await t.db.execute(sql.raw(statement));
    const after = json<Definition[]>(await inst.get('cervical/definitions'));
    const d = DEFAULTS.cervical.definitions;
    expect(after[0]).toMatchObject({ titles: { fr: d[0].fr.title }, remarks: { fr: d[0].fr.remark } });
    expect(after[3]).toMatchObject({ title: 'VIA+ (our count)', titles: null, remarks: { fr: d[3].fr.remark } });
    expect(after[4]).toMatchObject({ remark: 'Our own remark', remarks: null, titles: { fr: d[4].fr.title } });
    expect(after[5].titles).toEqual({ fr: 'Notre titre' });
    expect(after.filter((x) => x.titles === null).map((x) => x.ordinal)).toEqual([4]);
    const french = json<Report>(await inst.get('cervical', FR)).rows;
    expect(french[3]).toMatchObject({ indicator: 'VIA+ (our count)', remark: d[3].fr.remark });
    expect(french[4]).toMatchObject({ indicator: d[4].fr.title, remark: 'Our own remark' });
  });
});
