import { describe, expect, it } from 'vitest';
import { MSG, MSG_FORMATS, msgf, type MessageFormat } from '../messages';
import { PASSWORD_MSG } from '../password-policy';
import { CATALOGUES } from './catalogues';
import { catalogueText, matchMessage } from './message-match';

const SAMPLE_VALUES = {
  max: 37,
  min: 3,
  id: 912,
  choices: 'draft, shipped',
  rows: 2,
  columns: 3,
  count: 5,
  positions: '20,000',
  fieldLabel: 'Conversion Factor',
  value: 'Plasma',
  listLabel: 'Gender',
  whatRecord: 'specimen type',
  title: 'Martian',
  column: 'MRN',
  cells: 2,
  width: 4,
  sampleId: 'S-1',
  line: 7,
  mrn: 'M-1',
  protocol: 'Cohort A',
  event: 'Baseline',
  path: 'F1/S1/B1',
  level: 'shelf',
  position: 'A1',
  code: 'F1',
  // issue 33, service messages
  row: 3,
  version: 2,
  titles: 'Storage, Research',
  holder: 'Lyon Biobank',
  panel: 'CBC',
  name: 'Abebe Kebede',
};

describe('field messages found back in the catalogues (issue 33)', () => {
  it('finds every MSG text by its key', () => {
    for (const [key, text] of Object.entries(MSG)) expect(matchMessage(text)).toMatchObject({ ns: 'messages', key });
  });

  it('finds every MSG_FORMATS text by its key with the values it carried, the most literal template first', () => {
    for (const key of Object.keys(MSG_FORMATS) as MessageFormat[]) {
      const english = msgf(key, SAMPLE_VALUES);
      const entry = matchMessage(english);
      expect(entry?.key, english).toBe(key);
      expect(entry && catalogueText(CATALOGUES.en, entry)).toBe(english);
    }
    expect(matchMessage('At most 40 characters')).toEqual({
      ns: 'messages',
      key: 'atMostCharacters',
      values: { max: '40' },
    });
    expect(matchMessage('At most 40')?.key).toBe('atMost');
  });

  it('says them in French with the same values, and leaves unknown text as it is', () => {
    const say = (text: string) => {
      const entry = matchMessage(text);
      return entry && catalogueText(CATALOGUES.fr, entry);
    };
    expect(say(msgf('atMostItemsInCall', { max: 500 }))).toBe('500 éléments au plus par appel');
    expect(say(msgf('itemListedTwice', { id: 7 }))).toBe("L'élément 7 figure deux fois dans la liste");
    expect(say(MSG.endBeforeStart)).toBe('La date de fin ne peut pas précéder la date de début');
    expect(say(PASSWORD_MSG.common)).toBeTruthy();
    // A registry field's label (`...Label`) is said as the configuration screens say it; an unknown one stays.
    expect(say(msgf('labelNotNumber', { fieldLabel: 'Conversion Factor' }))).toBe(
      'Facteur de conversion\u00a0: doit être un nombre',
    );
    expect(say(msgf('labelPositive', { fieldLabel: 'Gadget' }))).toBe('Gadget\u00a0: doit être supérieur à 0');
    expect(say(msgf('atMostOptions', { max: 200 }))).toBe('200 options au plus');
    expect(say(MSG.mappingNoColumn)).toBe("L'association ne nomme aucune colonne");
    expect(say('Something no catalogue holds')).toBeUndefined();
    // i33server: a record (`...Record`) said by its `records` or `configuration.labels` name; unknown: all English.
    expect(say(msgf('chooseEnabledRecord', { whatRecord: 'specimen type' }))).toBe(
      "Choisissez une valeur active de la liste «\u00a0Type d'échantillon\u00a0»",
    );
    expect(say(msgf('chooseEnabledRecord', { whatRecord: 'gadget' }))).toBeUndefined();
  });

  it('has a French text for every key of every message group', () => {
    for (const key of [...Object.keys(MSG), ...Object.keys(MSG_FORMATS)])
      expect(catalogueText(CATALOGUES.fr, { ns: 'messages', key }), key).toBeTruthy();
  });
});
