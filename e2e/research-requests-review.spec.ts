import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank } from './support/data';
import { distributedRequest, readyRequest, requestScene, submittedRequest } from './support/research-requests';
import { receivingInstitution } from './support/shipments';
import { choose, field, signedInAs } from './support/ui';

// Issue 32 item 5: the reviewer's other answers and the material coming back. Asking for changes and rejecting
// need a reason, which the Researcher reads on the request; the Researcher edits and submits again. Fulfilment
// staff record unused material returned, and the Researcher sees it returned, still by code only.

test('changes asked for with a reason, edited and submitted again, then rejected: the Researcher reads each reason', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  const title = `Proteomics pilot ${s.u}`;
  const r = await submittedRequest(b, s, title);
  const main = page.getByRole('main');

  await signedInAs(page, s.banker, 'Central Biobank', `/research-requests/${r.id}`);
  await main.getByRole('button', { name: 'Ask for changes' }).click();
  const ask = page.getByRole('dialog', { name: `Ask for changes to ${title}?` });
  // No reason: the dialog says so and sends nothing.
  await ask.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(ask.getByText('Give the reason.')).toBeVisible();
  await expectNoAxeViolations(page, 'ask for changes dialog (reason missing)');
  await ask.getByLabel(field('Reason')).fill('Say which assay the plasma is for.');
  await ask.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(ask).toHaveCount(0);
  await expect(main.getByText('Changes requested', { exact: true }).first()).toBeVisible();

  // The Researcher reads the reason, edits, submits again.
  await signedInAs(page, s.researcher, 'Central Biobank', `/research-requests/${r.id}`);
  const reason = main.getByRole('alert').filter({ hasText: 'Changes asked for' });
  await expect(reason).toContainText('Say which assay the plasma is for.');
  await expectNoAxeViolations(page, 'changes requested (researcher)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('research-request-changes-requested');
  await main.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit the research request' });
  await form.getByLabel(field('Purpose')).fill('Plasma proteomics pilot: Olink Explore 3072.');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(main.getByText('Plasma proteomics pilot: Olink Explore 3072.')).toBeVisible();
  await main.getByRole('button', { name: 'Submit for review' }).click();
  await page
    .getByRole('dialog', { name: `Submit ${title} for review?` })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(main.getByText('Submitted', { exact: true }).first()).toBeVisible();

  // Rejected with a reason: the Researcher reads it; nothing is left to do.
  await signedInAs(page, s.banker, 'Central Biobank', `/research-requests/${r.id}`);
  await main.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${title}?` });
  await reject.getByLabel(field('Reason')).fill('The protocol does not cover proteomics.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toHaveCount(0);
  await signedInAs(page, s.researcher, 'Central Biobank', `/research-requests/${r.id}`);
  await expect(main.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('alert').filter({ hasText: 'Why the request was rejected' })).toContainText(
    'The protocol does not cover proteomics.',
  );
  await expect(main.getByRole('button', { name: /Edit|Submit|Cancel/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'rejected request (researcher)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('research-request-rejected');
});

test('staff record unused material returned; the Researcher sees it returned, by code', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  const title = `Returned pilot ${s.u}`;
  const r = await distributedRequest(b, s, title);
  const main = page.getByRole('main');

  await signedInAs(page, s.banker, 'Central Biobank', `/research-requests/${r.id}`);
  await main.getByRole('button', { name: 'Record a return' }).click();
  const back = page.getByRole('dialog', { name: `Material returned for ${title}` });
  const amount = back.getByLabel(new RegExp(`^Returned from ${r.sampleId}`));
  await expect(back.getByText('2 mL still out')).toBeVisible();
  // More than is out: the server's title says how much can come back.
  await amount.fill('5');
  await back.getByRole('button', { name: 'Record the return' }).click();
  await expect(back.getByRole('alert')).toContainText('at most 2 can still be returned');
  await amount.fill('0.5');
  await back.getByLabel(field('Reason')).fill('Study ended early.');
  await expectNoAxeViolations(page, 'returns dialog');
  await back.getByRole('button', { name: 'Record the return' }).click();
  await expect(back).toHaveCount(0);
  // Part of it came back: the request stays distributed (it turns 'Returned' once everything is back).
  await expect(
    main.getByRole('table', { name: 'Picked samples' }).getByRole('row', { name: new RegExp(r.sampleId) }),
  ).toContainText('0.5');

  await signedInAs(page, s.researcher, 'Central Biobank', `/research-requests/${r.id}`);
  const received = main.getByRole('table', { name: 'Distributed samples' });
  await expect(received.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(/^0\.5/);
  await expect(main).not.toContainText(r.sampleId);
  await expect(main).not.toContainText(s.mrn);
  await expectNoAxeViolations(page, 'returned request (researcher)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('research-request-returned');
});

test('staff distribute through an existing shipment; the request names it', async ({ page, api, admin }) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  const title = `Shipped pilot ${s.u}`;
  const r = await readyRequest(b, s, title);
  const other = await receivingInstitution(b, { id: s.banker.id }, ['Administrator'], {
    title: `Partner lab ${s.u}`,
    address: 'Lab Road 2',
  });
  const shipment = `Research parcel ${s.u}`;
  const parcel = await b.call('POST', 'collectedSampleShipments', {
    name: shipment,
    sendingInstitutionSiteId: s.event.institutionSiteId,
    receivingInstitutionId: other.id,
    receivingInstitutionSiteId: other.site.id,
    draft: true,
  });
  const main = page.getByRole('main');
  await signedInAs(page, s.banker, 'Central Biobank', `/research-requests/${r.id}`);
  await main.getByRole('button', { name: 'Distribute' }).click();
  const dialog = page.getByRole('dialog', { name: `Distribute the samples of ${title}` });
  await dialog.getByRole('radio', { name: 'Through a shipment' }).check();
  // Without a shipment chosen the contract's message shows and nothing is sent.
  await dialog.getByRole('button', { name: 'Distribute' }).click();
  await expect(dialog.getByText('Choose the shipment')).toBeVisible();
  await choose(page, dialog, 'Shipment', shipment);
  await expectNoAxeViolations(page, 'distribute through a shipment');
  // The shipment must hold the picked sample: the server's title says which, nothing is distributed.
  await dialog.getByRole('button', { name: 'Distribute' }).click();
  await expect(page.getByText(`Shipment ${shipment} does not hold ${r.sampleId}`)).toBeVisible();
  await b.call('POST', `collectedSampleShipments/${parcel.id}/collectedSampleShipmentItems`, {
    collectedSampleShipmentID: parcel.id,
    collectedSampleID: r.collectedSampleId,
    received: false,
    rejected: false,
  });
  await dialog.getByRole('button', { name: 'Distribute' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main.getByText(`Sent with shipment ${shipment} on`)).toBeVisible();
  await expect(main.getByText('Distributed', { exact: true }).first()).toBeVisible();
});
