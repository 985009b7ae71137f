import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { countText } from './count-text';

describe("the query builder's count (issue 32 item 4)", () => {
  afterEach(() => void i18next.changeLanguage('en'));
  const t = () => i18next.getFixedT(null, 'research');

  it('says a capped count as "More than" the cap, and an exact or small one as it is', async () => {
    await i18next.changeLanguage('en');
    expect(countText(t(), { count: 10_000, suppressed: false, capped: true })).toBe('More than 10,000');
    expect(countText(t(), { count: 10_000, suppressed: false, capped: false })).toBe('10,000');
    expect(countText(t(), { count: 9_999, suppressed: false, capped: false })).toBe('9,999');
    expect(countText(t(), { count: '< 5', suppressed: true, capped: false })).toBe('< 5');
  });

  it('in French too', async () => {
    await i18next.changeLanguage('fr');
    // Intl's French groups thousands with a narrow no-break space.
    expect(countText(t(), { count: 10_000, suppressed: false, capped: true })).toBe('Plus de 10\u202f000');
    expect(countText(t(), { count: 12, suppressed: false, capped: false })).toBe('12');
  });
});
