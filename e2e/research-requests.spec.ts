import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank } from './support/data';
import { asAccount, mtaPdf, requestScene } from './support/research-requests';
import { choose, field, noSideScroll, openScreen, signedInAs } from './support/ui';

// Issue 32 item 5 (docs/research.md "Requests"): a Researcher asks for samples under a distribution protocol and
// submits; the protocol's approver (a Tissue Banker, who also fulfils) approves, picks a suggested sample (a
// sample another request took meanwhile is refused by name), files the material transfer agreement and hands
// the material over; the Researcher then sees 'Distributed', the samples by code and the agreement, and never
// the donor's MRN or names nor a sample ID.

const PHONE = { width: 390, height: 844 };

test('a Researcher requests samples, staff approve, pick, file the agreement and distribute; the Researcher sees codes only', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow(); // two accounts, a dozen screens at two widths on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  const title = `Breast cancer cohort ${s.u}`;
  const main = page.getByRole('main');
  /** A page's screenshot from its top (the sticky header would otherwise cover what a scrolled page shows). */
  const pageShot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(name);
  };
  /** A dialog alone: the page behind it is shot on its own. */
  const dialogShot = (dialog: Locator, name: string) =>
    dialog.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  /** Nothing on the researcher's screen names the donor or a sample. */
  const noIdentity = async () => {
    await expect(main).not.toContainText(s.mrn);
    await expect(main).not.toContainText(`Fa${s.u}`);
    await expect(main).not.toContainText('Tigist');
    for (const id of s.samples) await expect(main).not.toContainText(id);
  };

  // The Researcher: My requests, then a new request with one specimen criterion.
  await signedInAs(page, s.researcher);
  await openScreen(page, 'Requests', 'My requests');
  await expect(main.getByText('No requests yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'my requests (empty)');
  await main.getByRole('button', { name: 'New request' }).click();
  const form = page.getByRole('dialog', { name: 'New research request' });
  await expect(form).toBeVisible();
  // Submitting empty says what is missing, in the contract's words.
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(form.getByText('Choose a saved query or add at least one specimen criterion.')).toBeVisible();
  await choose(page, form, 'Distribution protocol', s.study);
  await form.getByLabel(field('Title')).fill(title);
  await form.getByLabel(field('Purpose')).fill('Germline variants in early-onset breast cancer.');
  await form.getByRole('button', { name: 'Add a criterion' }).click();
  const line = form.getByRole('group', { name: 'Criterion 1' });
  await choose(page, line, 'Specimen type', 'Whole Blood');
  await line.getByLabel(field('Number of samples')).fill('1');
  await line.getByLabel(field('Amount of each')).fill('2');
  await line.getByLabel(field('Unit')).click();
  await page.getByRole('option', { name: /^Millilitre/ }).click();
  await expectNoAxeViolations(page, 'new request form');
  await dialogShot(form, 'research-request-form');
  await page.setViewportSize(PHONE);
  await expect(line).toBeVisible();
  await expectNoAxeViolations(page, 'new request form at 390 px');
  await dialogShot(form, 'research-request-form-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Submit', exact: true }).click();

  // Its page: a draft, submitted for review with a comment.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(main.getByText('Draft', { exact: true })).toBeVisible();
  await expect(main.getByText('1 sample of Whole Blood')).toBeVisible();
  await main.getByRole('button', { name: 'Submit for review' }).click();
  const submit = page.getByRole('dialog', { name: `Submit ${title} for review?` });
  await submit.getByLabel('Comment (optional)').fill('Urgent for the grant deadline.');
  await submit.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(main.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(main.getByText('Urgent for the grant deadline.')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(
    page,
    'submitted request (researcher)',
    main.getByRole('heading', { name: title }),
  );
  await noIdentity();

  // Staff: the list filtered by state, then the request: approve.
  await signedInAs(page, s.banker);
  await openScreen(page, 'Requests', 'Research requests');
  await main.getByLabel('States').click();
  await page.getByRole('option', { name: 'Submitted', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/states=submitted/);
  const link = main.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'research requests (staff, filtered)');
  await pageShot('research-requests-staff');
  await page.setViewportSize(PHONE);
  // On a phone each request is a card whose title is the button that opens it.
  await expect(main.getByRole('button', { name: title })).toBeVisible();
  await noSideScroll(page, 'research requests (staff)');
  await expectNoAxeViolations(page, 'research requests (staff) at 390 px');
  await pageShot('research-requests-staff-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await link.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await main.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${title}?` });
  await expectNoAxeViolations(page, 'approve dialog');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(main.getByText('Approved', { exact: true }).first()).toBeVisible();

  // The pick list suggests both samples of the donor; another request takes the second one meanwhile.
  const suggestions = main.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Available' }) });
  await expect(suggestions.getByRole('row', { name: new RegExp(s.samples[0]) })).toBeVisible();
  await expect(suggestions.getByRole('row', { name: new RegExp(s.samples[1]) })).toBeVisible();
  // The request's cap on reservations (MAX_REQUEST_RESERVATIONS) is stated with the pick list.
  await expect(main.getByText('0 of at most 2,000 samples reserved for this request.')).toBeVisible();
  await expectNoAxeViolations(page, 'approved request with its pick list');
  await pageShot('research-request-pick-list');
  await page.setViewportSize(PHONE);
  await expect(main.getByRole('button', { name: `Pick ${s.samples[0]}` })).toBeVisible();
  await noSideScroll(page, 'approved request with its pick list');
  await expectNoAxeViolations(page, 'approved request with its pick list at 390 px');
  await pageShot('research-request-pick-list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  const asResearcher = await asAccount(b, s.researcher);
  const asBanker = await asAccount(b, s.banker);
  await main.getByRole('button', { name: `Pick ${s.samples[1]}` }).click();
  const pickOther = page.getByRole('dialog', { name: `Pick ${s.samples[1]}` });
  await expect(pickOther.getByLabel(/^Amount to give/)).toHaveValue('2');
  const rival = await asResearcher<{ id: number; concurrencyStamp: string }>('POST', 'researchRequests', {
    distributionProtocolId: s.protocol.id,
    title: `Rival ${s.u}`,
    lines: [{ specimenTypeId: s.blood, count: 1 }],
  });
  const submitted = await asResearcher<{ concurrencyStamp: string }>('POST', `researchRequests/${rival.id}/submit`, {
    concurrencyStamp: rival.concurrencyStamp,
  });
  const approved = await asBanker<{ concurrencyStamp: string }>('POST', `researchRequests/${rival.id}/approve`, {
    concurrencyStamp: submitted.concurrencyStamp,
  });
  const rivalItems = await b.call<{ collectedSampleId: number; sampleId: string }[]>(
    'GET',
    `researchRequests/${rival.id}/suggestions?PageSize=100`,
  );
  const taken = rivalItems.find((x) => x.sampleId === s.samples[1])!;
  await asBanker('POST', `researchRequests/${rival.id}/items`, {
    concurrencyStamp: approved.concurrencyStamp,
    picks: [{ collectedSampleId: taken.collectedSampleId, amount: 1 }],
  });
  await pickOther.getByRole('button', { name: 'Reserve' }).click();
  const refused = pickOther.getByRole('alert');
  await expect(refused).toContainText(`${s.samples[1]} could not be reserved`);
  await expect(refused).toContainText(`Sample ${s.samples[1]} is already reserved for another request.`);
  await expectNoAxeViolations(page, 'pick refused (reserved elsewhere)');
  await dialogShot(pickOther, 'research-request-pick-conflict');
  await pickOther.getByRole('button', { name: 'Back' }).click();
  await expect(pickOther).toHaveCount(0);

  // The first sample is picked: it is reserved under its sample ID (staff see it, never the donor).
  await main.getByRole('button', { name: `Pick ${s.samples[0]}` }).click();
  const pick = page.getByRole('dialog', { name: `Pick ${s.samples[0]}` });
  await pick.getByRole('button', { name: 'Reserve' }).click();
  await expect(pick).toHaveCount(0);
  const picked = main.getByRole('table', { name: 'Picked samples' });
  await expect(picked.getByRole('row', { name: new RegExp(s.samples[0]) })).toContainText('Reserved');
  await expect(main.getByText('1 of at most 2,000 samples reserved for this request.')).toBeVisible();
  await expect(main).not.toContainText(s.mrn);

  // Distributing needs the agreement first: the dialog says so and will not go on.
  await main.getByRole('button', { name: 'Distribute' }).click();
  const early = page.getByRole('dialog', { name: `Distribute the samples of ${title}` });
  await expect(early.getByText('Record the material transfer agreement first.')).toBeVisible();
  await expect(early.getByRole('button', { name: 'Distribute' })).toBeDisabled();
  await early.getByRole('button', { name: 'Back' }).click();

  // The agreement: signed date and document (the ethics document's picker).
  await main.getByRole('button', { name: 'Record the agreement' }).click();
  const mta = page.getByRole('dialog', { name: `Material transfer agreement for ${title}` });
  await mta.getByLabel(field('Signed on')).fill('2026-11-20');
  await mta.locator('input[type="file"]').setInputFiles({
    name: 'mta-signed.pdf',
    mimeType: 'application/pdf',
    buffer: mtaPdf(),
  });
  await expectNoAxeViolations(page, 'material transfer agreement dialog');
  await dialogShot(mta, 'research-request-mta-dialog');
  await mta.getByRole('button', { name: 'Save' }).click();
  await expect(mta).toHaveCount(0);
  await expect(main.getByText('Signed on 2026-11-20')).toBeVisible();

  // Distribute: handed over in person.
  await main.getByRole('button', { name: 'Distribute' }).click();
  const distribute = page.getByRole('dialog', { name: `Distribute the samples of ${title}` });
  await expect(distribute.getByRole('radio', { name: 'Handed over in person' })).toBeChecked();
  await distribute.getByLabel('Note').fill('Handed to Dr Hana at the lab door.');
  await expectNoAxeViolations(page, 'distribute dialog');
  await distribute.getByRole('button', { name: 'Distribute' }).click();
  await expect(distribute).toHaveCount(0);
  await expect(main.getByText('Distributed', { exact: true }).first()).toBeVisible();
  const row = picked.getByRole('row', { name: new RegExp(s.samples[0]) });
  await expect(row).toContainText('Distributed');
  const code = (await row.getByRole('cell').nth(5).innerText()).trim();
  expect(code).not.toBe('—');
  await expectNoAxeViolationsAtBothWidths(
    page,
    'distributed request (staff)',
    main.getByRole('heading', { name: title }),
  );
  await pageShot('research-request-staff-distributed');

  // The Researcher: 'Distributed', the sample by its code, the agreement; no donor, no sample ID.
  await signedInAs(page, s.researcher);
  await openScreen(page, 'Requests', 'My requests');
  const mine = main.getByRole('row', { name: new RegExp(title) });
  await expect(mine).toContainText('Distributed');
  await mine.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const received = main.getByRole('table', { name: 'Distributed samples' });
  await expect(received.getByRole('row', { name: new RegExp(code) })).toContainText('Whole Blood');
  await expect(
    received
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('cell')
      .nth(2),
  ).toHaveText(/^2\b/);
  await expect(main.getByText('Signed on 2026-11-20')).toBeVisible();
  await expect(main.getByText('mta-signed.pdf', { exact: false })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Download the agreement' })).toBeVisible();
  await expect(main.getByRole('table', { name: 'Picked samples' })).toHaveCount(0);
  await noIdentity();
  await expectNoAxeViolations(page, 'distributed request (researcher)');
  await pageShot('research-request-researcher-distributed');
  await page.setViewportSize(PHONE);
  await expect(main.getByRole('list', { name: 'Distributed samples' })).toContainText(code);
  await noSideScroll(page, 'distributed request (researcher)');
  await noIdentity();
  await expectNoAxeViolations(page, 'distributed request (researcher) at 390 px');
  await pageShot('research-request-researcher-distributed-phone');

  // The same page in French (the account's language): every word from the catalogues.
  const token = await b.api.session(s.researcher.email, s.researcher.password);
  expect((await b.api.call('PUT', '/Authentication/language', token, { language: 'fr' })).status).toBeLessThan(300);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Échantillons distribués' })).toBeVisible();
  await expect(main.getByText('Distribuée', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: "Télécharger l'accord" })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Mes demandes' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Cessions' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'distributed request in French');
  await pageShot('research-request-researcher-distributed-fr');
});
