import { expect, type Page } from '@playwright/test';
import type { Admin } from '../server-process';
import { expectNoAxeViolations } from './axe';
import type { ApiHelpers } from './data';
import { resizeTo, signedInAs } from './ui';

/** Screenshots show the screen, not the toast that confirmed the last action (a pointer resting on a notice pauses it). */
export async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

/** At 390 px: the screenshot, axe, and no sideways scroll of the page; then back to 1280 px. */
export async function atPhone(page: Page, name: string, shot: (name: string) => Promise<void>) {
  await resizeTo(page, { width: 390, height: 844 });
  await shot(`${name}-390`);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, `${name}: no sideways scroll at 390 px`).toBeLessThanOrEqual(0);
  await resizeTo(page, { width: 1280, height: 800 });
}

/** A screen in another language, looked at: no toast, the screenshot and axe at 1280 px, then the same at 390 px. */
export async function lookAt(page: Page, name: string, shot: (name: string) => Promise<void>) {
  await toastsGone(page);
  await shot(`${name}-1280`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  await atPhone(page, name, shot);
}

/**
 * Issue 33 item 5: a right-to-left page. No right-to-left catalogue exists (a half-translated language is not
 * offered to users), so the RTL specs (rtl-layout, rtl-sample-view) force `<html dir="rtl">` before the app's
 * scripts run and keep it so: web/src/lib/i18n.ts sets `dir` from the (left-to-right) language, and Mantine's
 * DirectionProvider reads the attribute at mount. Nothing of this ships: it is the tests' own init script.
 */
export async function forceRtl(page: Page) {
  await page.addInitScript(() => {
    // The script runs before <html> is parsed: watch the document, and set `dir` whenever anything resets it.
    const keep = () => {
      const html = document.documentElement;
      if (html && html.getAttribute('dir') !== 'rtl') html.setAttribute('dir', 'rtl');
    };
    keep();
    new MutationObserver(keep).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['dir'],
    });
  });
}

/**
 * `who` signed in on the page (signedInAs: through the API, once the English header shows), then French chosen for
 * the account through the API, so the next page load speaks French. The account's API token comes back.
 */
export async function signedInInFrench(page: Page, api: ApiHelpers, who: Admin) {
  await signedInAs(page, who);
  const token = await api.login(who.email, who.password);
  const chosen = await api.call('PUT', '/Authentication/language', token, { language: 'fr' });
  expect(chosen.status, JSON.stringify(chosen.body)).toBeLessThan(300);
  return token;
}
