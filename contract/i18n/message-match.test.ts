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
    expect(say('Something no catalogue holds')).toBeUndefined();
  });

  it('has a French text for every key of every message group', () => {
    for (const key of [...Object.keys(MSG), ...Object.keys(MSG_FORMATS)])
      expect(catalogueText(CATALOGUES.fr, { ns: 'messages', key }), key).toBeTruthy();
  });
});
