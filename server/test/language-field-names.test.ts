// i33fields (issue 33): a validation problem's title names its field in the caller's language, for every field of
// the endpoint table (contract/i18n/field-names.test.ts keeps `fields` complete), nested paths included. These
// fields kept their API name in French answers before ('PageSize : ...', 'Labels.0.copies : ...').
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../contract/i18n/catalogues';
import { MSG } from '../../contract/messages';
import { validationProblem } from '../platform/errors';
import { translateProblem } from '../platform/i18n';
import { testApp } from './harness';
import { signedIn } from './factories';

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const api = (p: string) => `/api/institutions/${A.institution.id}/${p}`;
const FR = { 'accept-language': 'fr' };
const fr = CATALOGUES.fr;
type Problem = { status: number; title: string; errors?: Record<string, string[]> };

describe('a validation title names its field in French', () => {
  it('a query parameter (PageSize)', async () => {
    const english = await t.call('GET', api('patients?PageSize=abc'), { token: A.token });
    expect(english.statusCode).toBe(400);
    expect(english.json<Problem>().title).toBe(`PageSize: ${MSG.invalidId}`);

    const french = await t.call('GET', api('patients?PageSize=abc'), { token: A.token, headers: FR });
    expect(french.statusCode).toBe(400);
    expect(french.json<Problem>().title).toBe(`Taille de page\u00a0: ${fr.messages.invalidId}`);
    expect(fr.fields.PageSize).toBe('Taille de page');
  });

  it("a body's nested field (labels.0.copies): each name of the path in French, the position as sent", async () => {
    const body = { labels: [{ sampleId: 'S-1', copies: 0 }] };
    const english = await t.call('POST', api('labels/zpl'), { token: A.token, body });
    expect(english.statusCode).toBe(400);
    expect(english.json<Problem>().title).toBe(`Labels.0.copies: ${MSG.copiesAtLeastOne}`);
    expect(Object.keys(english.json<Problem>().errors ?? {})).toEqual(['labels.0.copies']);

    const french = await t.call('POST', api('labels/zpl'), { token: A.token, body, headers: FR });
    expect(french.statusCode).toBe(400);
    expect(french.json<Problem>().title).toBe(`Étiquettes › 0 › Exemplaires\u00a0: ${fr.messages.copiesAtLeastOne}`);
    // The errors keep the API's path (the client's form finds its field by it).
    expect(french.json<Problem>().errors).toEqual({ 'labels.0.copies': [fr.messages.copiesAtLeastOne] });
  });

  it("a refinement's field (labels) and a path through a client's key (a record's: kept as sent)", async () => {
    const french = await t.call('POST', api('labels/zpl'), { token: A.token, body: {}, headers: FR });
    expect(french.statusCode).toBe(400);
    expect(french.json<Problem>().title).toBe(`Étiquettes\u00a0: ${fr.messages.labelsOrGenerator}`);
    // `titles` is keyed by language code: 'Xx' is the client's word, not a field name, so the path stays as sent.
    const keyed = translateProblem(validationProblem({ 'titles.xx': [MSG.required] }), 'fr');
    expect(keyed.title).toBe(`Titles.xx\u00a0: ${fr.messages.required}`);
  });
});
