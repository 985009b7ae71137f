import { describe, expect, it } from 'vitest';
import { capitalise, doneMessage, withArticle } from './words';

describe('words', () => {
  it('takes a or an as the label sounds', () => {
    expect(withArticle('ethnicity')).toBe('an ethnicity');
    expect(withArticle('Institution')).toBe('an Institution');
    expect(withArticle('Unit Of Measurement')).toBe('a Unit Of Measurement');
    expect(withArticle('gender')).toBe('a gender');
  });

  it('capitalises a built phrase that starts a sentence', () => {
    expect(capitalise(withArticle('ethnicity'))).toBe('An ethnicity');
  });

  it('names the record once', () => {
    expect(doneMessage('Box', 'Box B1')).toBe('Box B1 created.');
    expect(doneMessage('Box', 'B1')).toBe("Box 'B1' created.");
    expect(doneMessage('Box', 'Boxes of serum')).toBe("Box 'Boxes of serum' created.");
    expect(doneMessage('Event', 'Baseline', 'saved')).toBe("Event 'Baseline' saved.");
  });
});
