import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/** Screenshots show the screen, not the toast that confirmed the last action. */
export const toastsGone = (page: Page) =>
  expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });

/** At 390 px: the screenshot, axe, and no sideways scroll of the page; then back to 1280 px. */
export async function atPhone(page: Page, name: string, shot: (name: string) => Promise<void>) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(`${name}-390`);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, `${name}: no sideways scroll at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}
