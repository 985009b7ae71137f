import { describe, expect, it } from 'vitest';
import { optionOf, questionnaireLabel, searchTermOf } from './answer-choice';

describe('the questionnaire-answer picker', () => {
  it('names a questionnaire with its protocol when it has one', () => {
    expect(questionnaireLabel({ name: 'Smoking', collectionProtocol: 'Cohort A' })).toBe('Smoking · Cohort A');
    expect(questionnaireLabel({ name: 'Smoking', collectionProtocol: null })).toBe('Smoking');
  });

  it('shows a saved answer as its option, as the server compares (case and outer spaces aside)', () => {
    expect(optionOf(['Yes', 'No'], ' yes ')).toBe('Yes');
    expect(optionOf(['Yes', 'No'], 'NO')).toBe('No');
    expect(optionOf(['Yes', 'No'], 'Sometimes')).toBeNull();
    expect(optionOf([], 'Yes')).toBeNull();
  });

  it('searches the server only with what was typed, not with the chosen label Mantine puts in the box', () => {
    expect(searchTermOf('Smoking · Cohort A', 'Smoking · Cohort A')).toBe('');
    expect(searchTermOf(' smok ', 'Smoking · Cohort A')).toBe('smok');
    expect(searchTermOf('cohort', null)).toBe('cohort');
  });
});
