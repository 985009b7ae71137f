import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { atPhone, forceRtl, toastsGone } from './support/language';
import { centralBiobank, registerParticipant, unique } from './support/data';

// Issue 33 item 5: the layout mirrored for a right-to-left language, forced by `forceRtl` (e2e/support/language.ts).
// docs/languages.md says what was looked at.

/** The element's middle is in the right half of the window (a start-aligned thing, mirrored). */
async function onTheRight(page: Page, name: string, box: { x: number; width: number } | null) {
  const width = page.viewportSize()!.width;
  expect(box, name).not.toBeNull();
  expect(box!.x + box!.width / 2, `${name} sits on the right in right-to-left`).toBeGreaterThan(width / 2);
}

test.describe('right-to-left layout', () => {
  test('the participants list, the register form and a dialog mirror at 1280 and 390 px', async ({
    signedInPage: page,
    shot,
  }) => {
    test.slow(); // three screens at two widths, each with axe, on a shared 2-core machine
    await forceRtl(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The participants list: the product name and the page title start on the right.
    await page.goto('/patients');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const title = page.getByRole('heading', { name: 'Participants', level: 1 });
    await expect(title).toBeVisible();
    await onTheRight(page, 'the product name', await page.getByRole('link', { name: 'Biobanking LIMS' }).boundingBox());
    await onTheRight(page, 'the page title', await title.boundingBox());
    await toastsGone(page);
    await shot('rtl-participants-1280');
    await expectNoAxeViolations(page, 'participants list right-to-left at 1280 px');
    await atPhone(page, 'rtl-participants', shot);

    // A form: Register a participant; its labels start on the right.
    await page.goto('/patients/new');
    const first = page.getByLabel(/^First Name/);
    await expect(first).toBeVisible();
    await onTheRight(page, 'the first field', await first.boundingBox());
    await shot('rtl-register-1280');
    await expectNoAxeViolations(page, 'register form right-to-left at 1280 px');
    await atPhone(page, 'rtl-register', shot);

    // A dialog: Import a shipment manifest (a file field with its icon, a text, the buttons).
    await page.goto('/shipment/overview');
    await page.getByRole('button', { name: 'Import manifest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a shipment manifest' });
    await expect(dialog.getByText('Choose the manifest file', { exact: false })).toBeVisible();
    await onTheRight(
      page,
      'the dialog title',
      await dialog.getByRole('heading', { name: 'Import a shipment manifest' }).boundingBox(),
    );
    await shot('rtl-dialog-1280');
    await expectNoAxeViolations(page, 'dialog right-to-left at 1280 px');
    await atPhone(page, 'rtl-dialog', shot);
  });

  test('a date and time in a table cell keeps its order in right-to-left', async ({
    signedInPage: page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const mrn = `RTL${unique()}`.toUpperCase();
    await registerParticipant(b, { mrn }); // born 1990-06-01 at 14:05: '1990-06-01 02:05 PM' in English
    await forceRtl(page);
    await page.goto(`/patients?SearchTerm=${mrn}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const cell = page.getByRole('cell', { name: '1990-06-01 02:05 PM' });
    await expect(cell).toBeVisible();
    // Without isolation the bidi algorithm shows 'PM 02:05 1990-06-01'; isolated (components/isolated.tsx), the
    // date reads first, from the left, as written.
    const [date, time] = await cell.evaluate((td) => {
      const text = td.querySelector('bdi')?.firstChild;
      const box = (from: number, to: number) => {
        const r = document.createRange();
        r.setStart(text!, from);
        r.setEnd(text!, to);
        return r.getBoundingClientRect().x;
      };
      const value = text?.textContent ?? '';
      return [box(0, 10), box(value.indexOf('PM'), value.indexOf('PM') + 2)];
    });
    expect(date, 'the date sits left of its time, as written').toBeLessThan(time);
    await toastsGone(page);
    await shot('rtl-date-cell-1280');
    await expectNoAxeViolations(page, 'participants list with a date cell right-to-left at 1280 px');
  });
});
