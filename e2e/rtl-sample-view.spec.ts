import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { atPhone, forceRtl, toastsGone } from './support/language';
import { centralBiobank } from './support/data';
import { collectingProtocol } from './support/protocols';

/**
 * Issue 33 item 5: values on a sample's page keep their order in right-to-left. The page is forced to
 * `<html dir="rtl">` by forceRtl (e2e/support/language.ts), as in e2e/rtl-layout.spec.ts. The sample codes start
 * with digits ('2026-…-RTL…'): in a right-to-left paragraph the bidi algorithm shows such a code as
 * 'RTL…-2026-…', and a date and time '2026-11-29 14:05' as '14:05 2026-11-29'; the detail fields
 * (components/detail-field.tsx), the sub-samples' links and the history's times isolate them.
 */

/**
 * The left edges (px) of two parts of a value's text as drawn: of the value itself, and of the same text put
 * without isolation beside it (a control: it shows the page really is right-to-left and the value would be
 * reordered without its isolate).
 */
async function edges(value: Locator, first: string, second: string) {
  return value.evaluate(
    (el, [a, b]) => {
      const leftOf = (root: Node, s: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.textContent?.indexOf(s) ?? -1;
          if (i < 0) continue;
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + s.length);
          return r.getBoundingClientRect().x;
        }
        return Number.NaN;
      };
      const control = document.createElement('div');
      control.textContent = el.textContent;
      el.parentElement!.closest('div')!.appendChild(control);
      const plain = [leftOf(control, a), leftOf(control, b)];
      control.remove();
      return { isolated: [leftOf(el, a), leftOf(el, b)], plain };
    },
    [first, second],
  );
}

/** `first` is drawn left of `second` in the value, as written, while the same text without isolation is not. */
async function readsInOrder(value: Locator, first: string, second: string, what: string) {
  const { isolated, plain } = await edges(value, first, second);
  expect(isolated[0], `${what}: '${first}' left of '${second}', as written`).toBeLessThan(isolated[1]);
  expect(plain[0], `${what} without isolation: reordered (the page is right-to-left)`).toBeGreaterThan(plain[1]);
}

test('a sample page keeps its codes, dates and times in order in right-to-left', async ({
  signedInPage: page,
  api,
  admin,
  shot,
}) => {
  test.slow(); // two pages, 1280 and 390 px, axe each time, on a shared 2-core machine
  const b = await centralBiobank(api, admin);
  const c = await collectingProtocol(b);
  const n = String(Date.now()).slice(-6);
  const code = `2026-${n}-RTL${c.u}`.toUpperCase();
  const date = new Date().toISOString().slice(0, 10);
  const parent = await c.collect({ sampleId: code, collectedDate: date, collectedTime: '14:05' });
  const lineages = await b.ids('subSampleLineages');
  const child = await c.collect({
    sampleId: `${code}-A`,
    isSubSample: true,
    parentSampleId: parent.id,
    subSampleLineageId: lineages.get('Aliquot'),
    collectedAmount: 2,
  });
  await forceRtl(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The parent: its Collected field, its child's link, its history's time.
  const samples = `/collection-protocols/${c.protocol.id}/collected-samples`;
  await page.goto(`${samples}/${parent.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: `Sample ${code}`, level: 1 })).toBeVisible();
  const collected = page
    .getByText('Collected', { exact: true })
    .first()
    .locator('xpath=following-sibling::div[1]//bdi');
  await expect(collected).toHaveText(`${date} 14:05`);
  await readsInOrder(collected, date, '14:05', 'the Collected field');
  const childLink = page.getByRole('link', { name: `${code}-A`, exact: true });
  await expect(childLink).toBeVisible();
  await expect(childLink.locator('bdi')).toHaveText(`${code}-A`);
  await readsInOrder(childLink.locator('bdi'), '2026', 'RTL', "the child's link");
  const history = page.getByRole('region', { name: 'History' });
  const when = history
    .locator('bdi')
    .filter({ hasText: /^\d{4}-\d\d-\d\d \d\d:\d\d$/ })
    .first();
  await expect(when).toBeVisible();
  const [day, time] = (await when.textContent())!.split(' ');
  await readsInOrder(when, day, time, "the history entry's time");
  await toastsGone(page);
  await shot('rtl-sample-view-1280');
  await expectNoAxeViolations(page, 'sample page right-to-left at 1280 px');
  await atPhone(page, 'rtl-sample-view', shot);

  // The child: its Parent field's code.
  await page.goto(`${samples}/${child.id}`);
  await expect(page.getByRole('heading', { name: `Sample ${code}-A`, level: 1 })).toBeVisible();
  const parentCode = page.getByText('Parent', { exact: true }).locator('xpath=following-sibling::div[1]//a//bdi');
  await expect(parentCode).toHaveText(code);
  await readsInOrder(parentCode, '2026', 'RTL', 'the Parent field');
  await toastsGone(page);
  await shot('rtl-sample-child-1280');
  await expectNoAxeViolations(page, 'sub-sample page right-to-left at 1280 px');
  await atPhone(page, 'rtl-sample-child', shot);
});
