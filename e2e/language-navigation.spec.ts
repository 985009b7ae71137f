import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount } from './support/data';
import { expectNoAxeViolations } from './support/axe';
import { toastsGone } from './support/language';
import { signedInAs } from './support/ui';

const mainNav = (page: Page, language: 'en' | 'fr') =>
  page.getByRole('navigation', { name: language === 'fr' ? 'Principale' : 'Main' });

/** The header's main navigation row holds every entry without scrolling sideways. */
async function navFits(page: Page, where: string) {
  const nav = mainNav(page, where.startsWith('fr') ? 'fr' : 'en');
  await expect(nav).toBeVisible();
  const overflow = await nav.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, `${where}: the main navigation fits its row`).toBeLessThanOrEqual(0);
  // The last entry is whole inside the window (it was cut at the edge in French: 'Co…').
  const last = await nav.getByRole('link').last().boundingBox();
  expect(last!.x + last!.width, `${where}: the last entry is inside the window`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

// Issue 33: the French entries are longer; the header's one row of entries still fits at 1280 and 1200 px.
test('the main navigation fits in English and French at 1280 px, and the header holds at 1024 and 390 px', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  // An administrator sees every entry (13), the longest row.
  const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Noé', lastName: 'Martin' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, who);
  const token = await api.login(who.email, who.password);
  for (const language of ['en', 'fr'] as const) {
    const chosen = await api.call('PUT', '/Authentication/language', token, { language });
    expect(chosen.status, JSON.stringify(chosen.body)).toBeLessThan(300);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await toastsGone(page);
    // The home screen is a lazy route drawn after the header: axe looks at it once its heading is there.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await navFits(page, `${language} at 1280 px`);
    await expect(mainNav(page, language).getByRole('link')).toHaveCount(13);
    await shot(`language-${language}-navigation-1280`);
    await expectNoAxeViolations(page, `home in ${language} at 1280 px`);
    await page.setViewportSize({ width: 1200, height: 800 });
    await navFits(page, `${language} at 1200 px`);
    // Below the lg breakpoint the entries are in the menu behind the burger.
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const burger = page.getByRole('button', {
        name: language === 'fr' ? 'Afficher ou masquer la navigation' : 'Toggle navigation',
      });
      await burger.click();
      await expect(mainNav(page, language).getByRole('link')).toHaveCount(13);
      await shot(`language-${language}-navigation-${width}`);
      await expectNoAxeViolations(page, `navigation menu in ${language} at ${width} px`);
      await burger.click();
    }
  }
});
