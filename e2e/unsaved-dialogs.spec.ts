import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, orderWithResult, registerParticipant, unique, type Biobank } from './support/data';
import { drawSignature, inkedPng, protocolByApi } from './support/protocols';
import { storageByApi } from './support/storage';
import { field, search, signedInAs } from './support/ui';

// Issue 28 item 1: every dialog and full-screen form with input goes through the one unsaved-changes guard
// (web/src/components/dialog.tsx). Each row of the table opens one, puts something in it, and tries every
// way out it has: Escape, the close button and (dialogs that do not fill the screen) a click outside. Each
// asks 'Discard unsaved changes?', and Keep editing keeps what was entered. Discard then closes it and gives
// focus back to the control that opened it (item 6).

interface Opened {
  dialog: Locator;
  /** The control that opened the dialog: it has focus again after the dialog closes. */
  opener: Locator;
}

interface Case {
  name: string;
  /** Full-screen forms have no outside to click. */
  fullScreen?: boolean;
  /** Screenshots of the question over this dialog, at 1280 and 390 px. */
  shoot?: string;
  open: (page: Page, b: Biobank) => Promise<Opened>;
  /** Puts input in the dialog; returns a check that the input is still there. */
  enter: (page: Page, dialog: Locator) => Promise<() => Promise<void>>;
}

/** Fills a field and returns the check that it still holds the text. */
const typeInto = (input: Locator, text: string) => async () => {
  await input.fill(text);
  return async () => {
    await expect(input, 'Keep editing keeps the text').toHaveValue(text);
  };
};

/** The released free-text result of a new order, on its test-result screen. */
async function releasedResult(page: Page, b: Biobank) {
  const order = await orderWithResult(b);
  const detail = await b.call<{ orderedPanels: { id: number }[] }>('GET', `LIMSOrders/${order.orderId}`);
  await b.call('POST', `LIMSOrders/${order.orderId}/limsOrderedPanels/${detail.orderedPanels[0].id}/release`);
  await page.goto(`/orders/test-result?sampleId=${encodeURIComponent(order.sampleId)}`);
  const actions = page.getByRole('button', { name: `Actions for ${order.test}` });
  await expect(actions).toBeVisible();
  return { actions, test: order.test };
}

async function openBox(page: Page, b: Biobank) {
  const { box1 } = await storageByApi(b, `Freezer ${unique()}`);
  await page.goto(`/configuration/storage-container?path=${box1.join('.')}`);
  await expect(page.getByRole('button', { name: 'Bulk allocate' })).toBeVisible();
}

/** A protocol with one consent and an enrolled participant; returns the participant's page path. */
async function enrolledWithConsent(b: Biobank) {
  const protocol = await protocolByApi(b);
  const base = `collectionProtocols/${protocol.id}`;
  const consent = await b.call<{ id: number; consentVersionId: number; title: string }>(
    'POST',
    `${base}/collectionProtocolConsents`,
    { title: `Consent ${unique()}`, consent: '<p>Your samples are kept for 10 years.</p>' },
  );
  const patient = await registerParticipant(b, { mrn: `MRN-${unique()}`.toUpperCase() });
  const [enrolled] = await b.call<{ id: number }[]>('POST', `${base}/collectionProtocolParticipants`, {
    patientIds: [patient.id],
  });
  return { path: `/collection-protocols/${protocol.id}/participants/${enrolled.id}`, base, enrolled, consent };
}

/** How many pixels of the signature pad hold ink (the pad redraws its strokes when resized, so a count, not an image). */
const inkedPixels = (page: Page) =>
  page.getByRole('img', { name: /Signature pad/ }).evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
    return inked;
  });

const CASES: Case[] = [
  {
    name: 'Sign Consent (a drawn signature)',
    fullScreen: true,
    shoot: 'unsaved-sign-consent',
    open: async (page, b) => {
      const { path } = await enrolledWithConsent(b);
      await page.goto(`${path}/participant-consents`);
      const opener = page.getByRole('button', { name: 'Sign Consent' });
      await opener.click();
      return { dialog: page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Consent' }), opener };
    },
    enter: async (page) => {
      await drawSignature(page);
      expect(await inkedPixels(page)).toBeGreaterThan(50);
      return async () => {
        expect(await inkedPixels(page), 'Keep editing keeps the signature').toBeGreaterThan(50);
      };
    },
  },
  {
    name: 'Withdraw consent (the reason)',
    open: async (page, b) => {
      const { path, base, enrolled, consent } = await enrolledWithConsent(b);
      await b.call('POST', `${base}/collectionProtocolParticipantConsents`, {
        participantId: enrolled.id,
        consentVersionId: consent.consentVersionId,
        signature: inkedPng(),
      });
      await page.goto(`${path}/participant-consents`);
      const opener = page.getByRole('button', { name: consent.title });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: consent.title });
      await dialog.getByRole('button', { name: 'Withdraw consent' }).click();
      return { dialog: page.getByRole('dialog', { name: `Withdraw consent: ${consent.title}` }), opener };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel(field('Reason')), 'Moved away; asked to stop')(),
  },
  {
    name: 'Amend (the reason)',
    open: async (page, b) => {
      const { actions, test: title } = await releasedResult(page, b);
      await actions.click();
      await page.getByRole('menuitem', { name: 'Amend' }).click();
      return { dialog: page.getByRole('dialog', { name: `Amend ${title}` }), opener: actions };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel(field('Reason')), 'Transcription error')(),
  },
  {
    name: 'Comment',
    open: async (page, b) => {
      const { actions, test: title } = await releasedResult(page, b);
      await actions.click();
      await page.getByRole('menuitem', { name: 'Comment' }).click();
      return { dialog: page.getByRole('dialog', { name: `Comment on ${title}` }), opener: actions };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel('Comment'), 'Repeat if not fasting.')(),
  },
  {
    name: 'Bulk allocate (pasted sample IDs)',
    shoot: 'unsaved-bulk-allocate',
    open: async (page, b) => {
      await openBox(page, b);
      const opener = page.getByRole('button', { name: 'Bulk allocate' });
      await opener.click();
      return { dialog: page.getByRole('dialog', { name: 'Bulk allocate' }), opener };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel(field('Sample IDs')), 'CS-1\nCS-2\nCS-3')(),
  },
  {
    name: 'Collected Sample Allocation (a scanned sample ID)',
    open: async (page, b) => {
      await openBox(page, b);
      // The box's first position (free: the box is new).
      const opener = page
        .getByRole('group', { name: /^Positions of / })
        .getByRole('button')
        .first();
      await opener.click();
      return { dialog: page.getByRole('dialog', { name: 'Collected Sample Allocation' }), opener };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel(field('Sample ID')), 'CS-404')(),
  },
  {
    name: 'Edit a Participant (the SSN)',
    fullScreen: true,
    open: async (page, b) => {
      const mrn = `MRN-${unique()}`.toUpperCase();
      await registerParticipant(b, { mrn });
      await page.goto('/patients');
      await search(page, mrn);
      const opener = page.getByRole('button', { name: /^Edit / }).first();
      await opener.click();
      return { dialog: page.getByRole('dialog', { name: 'Edit a Participant' }), opener };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel(field('Social Security Number')), '123-45-6789')(),
  },
  {
    name: 'Barcode Generator (a prefix)',
    fullScreen: true,
    open: async (page) => {
      await page.goto('/');
      const opener = page.getByRole('link', { name: 'Barcode Generator', exact: true });
      await opener.click();
      return { dialog: page.getByRole('dialog', { name: 'Barcode Generator' }), opener };
    },
    enter: (_page, dialog) => typeInto(dialog.getByLabel('Prefix'), 'BB-')(),
  },
];

const ask = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

async function keepEditing(page: Page, how: string) {
  await expect(ask(page), `${how} asks first`).toBeVisible();
  await expect(ask(page).getByRole('button', { name: 'Keep editing' }), 'focus starts on Keep editing').toBeFocused();
  await ask(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask(page)).toBeHidden();
}

test.describe('unsaved input in dialogs (issue 28)', () => {
  for (const c of CASES) {
    test(`${c.name}: Escape, the close button${c.fullScreen ? '' : ' and a click outside'} ask first`, async ({
      signedInPage: page,
      admin,
      api,
      shot,
    }) => {
      const b = await centralBiobank(api, admin);
      const { dialog, opener } = await c.open(page, b);
      await expect(dialog).toBeVisible();
      const kept = await c.enter(page, dialog);

      await page.keyboard.press('Escape');
      if (c.shoot) {
        await expect(ask(page)).toBeVisible();
        await shot(c.shoot);
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(`${c.shoot}-phone`);
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await keepEditing(page, 'Escape');
      await expect(dialog).toBeVisible();
      await kept();

      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await keepEditing(page, 'the close button');
      await kept();

      if (!c.fullScreen) {
        await page.mouse.click(4, 4);
        await keepEditing(page, 'a click outside');
        await kept();
      }

      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await ask(page).getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener, 'focus goes back to the control that opened the dialog').toBeFocused();
    });
  }

  test('a clean dialog closes at once, and closing it over a screen with unsaved results does not ask about them', async ({
    signedInPage: page,
    admin,
    api,
  }) => {
    const b = await centralBiobank(api, admin);
    const { actions, test: title } = await releasedResult(page, b);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Comment' }).click();
    const comment = page.getByRole('dialog', { name: `Comment on ${title}` });
    await page.keyboard.press('Escape');
    await expect(comment).toBeHidden();
    await expect(ask(page), 'nothing typed: no question').toHaveCount(0);
    await expect(actions).toBeFocused();
  });

  test('Discard in Edit a Participant drops a race added during the edit as well as the typed SSN', async ({
    page,
    admin,
    api,
  }) => {
    const b = await centralBiobank(api, admin);
    const mrn = `MRN-${unique()}`.toUpperCase();
    const patient = await registerParticipant(b, { mrn, races: ['Asian'] });
    await signedInAs(page, admin, 'Central Biobank', `/patients/${patient.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit a Participant' });
    await dialog.getByLabel(field('Social Security Number')).fill('987-65-4321');
    const races = dialog.getByLabel(field('Races'));
    await races.fill('Whi');
    await page.getByRole('option', { name: 'White', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Remove White' })).toBeVisible();
    await page.keyboard.press('Escape');
    await ask(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    const saved = await b.call<{ race: { title: string } }[]>(
      'GET',
      `patients/${patient.id}/patientRaces?IsEnabled=true`,
    );
    expect(
      saved.map((r) => r.race.title),
      'the race was not saved on its own',
    ).toEqual(['Asian']);
    const after = await b.call<{ socialSecurityNumber: string | null }>('GET', `patients/${patient.id}`);
    expect(after.socialSecurityNumber).not.toBe('987-65-4321');
  });
});
