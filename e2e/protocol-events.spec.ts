import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, createAccount, unique, type Biobank, type Rec } from './support/data';
import { protocolByApi } from './support/protocols';
import { field, noSideScroll, see, signedInAs } from './support/ui';

/** Open the select labelled `label` inside `scope` and pick `option`. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(field(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Two enabled sites of the Central Biobank made through the API, titled with `suffix`. */
async function twoSites(b: Biobank, suffix: string) {
  for (const name of ['North Clinic', 'South Clinic']) {
    await b.call('POST', 'institutionSites', {
      title: `${name} ${suffix}`,
      abbreviation: null,
      address: `${name} Road 1`,
    });
  }
  return [`North Clinic ${suffix}`, `South Clinic ${suffix}`];
}

test.describe('protocol sites and events', () => {
  test('sites: two are added in one go, nothing selected does nothing, one is removed', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const s = unique();
    const [north, south] = await twoSites(b, s);

    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${protocol.id}/sites`);
    await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
    await see(page, 'No sites yet');

    await page.getByRole('button', { name: 'Add Sites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Sites' });
    await expect(dialog.getByText('Select at least one site')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Select at least one site' })).toBeVisible();
    await expect(dialog, 'nothing selected: the form stays open, nothing is sent').toBeVisible();

    await dialog.getByLabel(field('Search')).fill(s);
    await dialog.getByLabel(field('Search')).press('Enter');
    await expect(dialog.getByRole('row')).toHaveCount(3);
    await dialog.getByRole('checkbox', { name: `Select ${north}` }).check();
    await dialog.getByRole('row', { name: south }).click();
    await see(dialog, `2 selected: ${north}, ${south}`);
    await shot('sites-add');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(north) })).toContainText('Central Biobank');
    await expect(page.getByRole('row', { name: new RegExp(south) })).toBeVisible();
    await shot('sites-list');

    await page.getByRole('button', { name: `Remove ${south}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove site' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('row', { name: new RegExp(south) })).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(north) })).toBeVisible();

    // The site still in the protocol shows ticked and disabled; the removed one can be chosen again.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Add Sites' }).click();
    await dialog.getByLabel(field('Search')).fill(s);
    await dialog.getByLabel(field('Search')).press('Enter');
    await expect(dialog.getByRole('checkbox', { name: `Select ${north}` })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `Select ${north}` })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: `Select ${south}` })).not.toBeChecked();
    await expectNoAxeViolations(page, 'add sites');
    await shot('sites-add-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(north).first()).toBeVisible();
    await shot('sites-list-phone');
  });

  test('events: listed in time order with one selected; a requirement tree built in one form, a grandchild added, an excess aliquot refused', async ({
    signedInPage: page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // many form steps on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const events = page.getByRole('listbox', { name: 'Events' });

    await page.goto(`/collection-protocols/${protocol.id}/events`);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await see(page, 'No events yet');

    const createEvent = async (label: string, code: string, point: string, unit: string) => {
      await page.getByRole('button', { name: 'Create Event', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Create Event', exact: true });
      await form.getByLabel(field('Label')).fill(label);
      await form.getByLabel(field('Event Code')).fill(code);
      await form.getByLabel(field('Event Point')).fill(point);
      await pick(page, form, 'Unit', unit);
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form).toBeHidden();
      await expect(
        events.getByRole('option', { name: new RegExp(label), selected: true }),
        'the new event is selected',
      ).toBeVisible();
    };
    // The code rule is the contract's, shown before anything is sent.
    await page.getByRole('button', { name: 'Create Event', exact: true }).click();
    const eventForm = page.getByRole('dialog', { name: 'Create Event', exact: true });
    await eventForm.getByLabel(field('Event Code')).fill('ABC');
    await eventForm.getByRole('button', { name: 'Submit' }).click();
    await see(eventForm, 'Code must be 2 characters or less');
    await see(eventForm, '*required');
    await eventForm.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(eventForm).toBeHidden();

    await createEvent('Week 1', 'W1', '1', 'Week');
    await createEvent('Baseline', 'BL', '0', 'Day');
    await expect(events.getByRole('option')).toHaveText([
      /Baseline.*BL.*At enrolment/,
      /Week 1.*W1.*1 week after enrolment/,
    ]);

    // Without ?event the first (earliest) event is selected; the arrow keys move the selection and the address keeps it.
    await page.goto(`/collection-protocols/${protocol.id}/events`);
    await expect(events.getByRole('option', { name: /Baseline/, selected: true })).toBeVisible();
    await events.getByRole('option', { name: /Baseline/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(events.getByRole('option', { name: /Week 1/, selected: true })).toBeFocused();
    await expect(page.getByRole('heading', { name: /Week 1/, level: 2 })).toBeVisible();
    await page.reload();
    await expect(events.getByRole('option', { name: /Week 1/, selected: true })).toBeVisible();
    await page.goBack();
    await expect(events.getByRole('option', { name: /Baseline/, selected: true })).toBeVisible();
    await see(page, 'No specimen requirements for this event yet.');

    // One form: the requirement, an aliquot and a derived child; the client names an aliquot excess first.
    await page.getByRole('button', { name: 'Create Event Specimen Requirement' }).click();
    const form = page.getByRole('dialog', { name: 'Create Event Specimen Requirement' });
    await form.getByLabel(field('Title')).fill('Whole blood');
    await form.getByLabel(field('Code')).fill('WB');
    await form.getByLabel(field('Initial Quantity')).first().fill('10');
    await pick(page, form, 'Unit Of Measurement', 'Millilitre (mL)');
    await pick(page, form, 'Specimen Type', 'Whole Blood');
    await form.getByRole('button', { name: 'Add item' }).click();
    const item1 = form.getByRole('group', { name: 'Item 1' });
    await expect(item1.getByLabel(field('Sub Sample Lineage'))).toHaveValue('Aliquot');
    await item1.getByLabel(field('Initial Quantity')).fill('11');
    await see(form, 'The aliquots of Whole blood need 11 together, more than its quantity of 10.');
    await item1.getByLabel(field('Initial Quantity')).fill('4');
    await expect(form.getByText(/The aliquots of/)).toBeHidden();
    await form.getByRole('button', { name: 'Add item' }).click();
    const item2 = form.getByRole('group', { name: 'Item 2' });
    await pick(page, item2, 'Sub Sample Lineage', 'Derived');
    await pick(page, item2, 'Specimen Type', 'Plasma');
    await item2.getByLabel(field('Initial Quantity')).fill('50');
    await form.getByRole('button', { name: 'Add child to item 1' }).click();
    await form.getByRole('group', { name: 'Item 1.1' }).getByLabel(field('Initial Quantity')).fill('5');
    await see(form, 'The aliquots of item 1 need 5 together, more than its quantity of 4.');
    await form.getByText('The aliquots of item 1 need').scrollIntoViewIfNeeded();
    await shot('requirement-form');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form, 'the client refuses the excess before sending').toBeVisible();
    await form.getByRole('button', { name: 'Remove item 1.1' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form).toBeHidden();

    const tree = page.getByRole('list', { name: 'Specimen requirements' });
    await expect(tree.getByText('Whole blood (WB)')).toBeVisible();
    const children = tree.getByRole('list', { name: 'Children of Whole blood' });
    await expect(children.getByRole('listitem')).toHaveCount(2);
    await expect(children.getByRole('listitem').nth(0)).toContainText(/Aliquot\s*Whole Blood\s*4 mL/);
    await expect(children.getByRole('listitem').nth(1)).toContainText(/Derived\s*Plasma\s*50 mL/);

    // Expand and collapse by keyboard.
    const toggle = tree.getByRole('button', { name: 'Collapse Whole blood' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(children).toBeHidden();
    await expect(tree.getByRole('button', { name: 'Expand Whole blood' })).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowRight');
    await expect(children).toBeVisible();

    // A grandchild under the aliquot, then an aliquot the server refuses (2 + 3 > 4).
    const addChild = async (quantity: string) => {
      await tree.getByRole('button', { name: 'Add child to Aliquot Whole Blood 4 mL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add child to Aliquot Whole Blood' });
      await pick(page, dialog, 'Sub Sample Lineage', 'Aliquot');
      await pick(page, dialog, 'Specimen Type', 'Whole Blood');
      await dialog.getByLabel(field('Initial Quantity')).fill(quantity);
      await dialog.getByRole('button', { name: 'Add' }).click();
      return dialog;
    };
    const first = await addChild('2');
    await expect(first).toBeHidden();
    const grandchildren = tree.getByRole('list', { name: 'Children of Aliquot Whole Blood 4 mL' });
    await expect(grandchildren.getByRole('listitem')).toHaveCount(1);
    await expect(grandchildren).toContainText(/Aliquot\s*Whole Blood\s*2 mL/);
    const refused = await addChild('3');
    await expect(refused.getByRole('alert')).toContainText(
      /The aliquots of item \d+ need 5 together, more than its quantity of 4\./,
    );
    await see(refused, '2 mL left');
    await expectNoAxeViolations(page, 'add child refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await expect(grandchildren.getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page, 'events');
    await shot('events-tree');

    await page.setViewportSize({ width: 390, height: 800 });
    await expect(tree.getByText('Whole blood (WB)')).toBeVisible();
    await noSideScroll(page, 'Events tree');
    await shot('events-tree-phone');
  });

  test('a Researcher reads events and trees but gets no write buttons, and the create addresses say no access', async ({
    page,
    api,
    admin,
  }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const day = (await b.list('collectionProtocolEventUnitOfMeasurements')).find((u) => u.unitName === 'Day')!.id;
    const ml = (await b.list('unitOfMeasurements')).find((u) => u.unitSymbol === 'mL')!.id;
    const [type] = await b.list('specimenTypes?IsEnabled=true');
    const aliquot = (await b.ids('subSampleLineages')).get('Aliquot');
    const base = `collectionProtocols/${protocol.id}`;
    const event = await b.call<Rec>('POST', `${base}/collectionProtocolEvents`, {
      label: 'Baseline',
      eventCode: 'BL',
      eventPoint: 0,
      collectionProtocolEventUnitOfMeasurementId: day,
    });
    await b.call('POST', `${base}/collectionProtocolEvents/${event.id}/collectionProtocolEventSpecimenRequirements`, {
      title: 'Serum tube',
      code: 'ST',
      initialQuantity: 5,
      unitOfMeasurementId: ml,
      specimenTypeId: type.id,
      items: [{ key: 'a', subSampleLineageId: aliquot, specimenTypeId: type.id, initialQuantity: 2 }],
    });
    const researcher = await createAccount(b, { role: 'Researcher' });
    await signedInAs(page, researcher, 'Central Biobank', `/collection-protocols/${protocol.id}/events`);
    const tree = page.getByRole('list', { name: 'Specimen requirements' });
    await expect(tree.getByText('Serum tube (ST)')).toBeVisible();
    await expect(tree.getByRole('list', { name: 'Children of Serum tube' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Create Event', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Event Specimen Requirement' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add child/ })).toHaveCount(0);
    await page.goto(`/collection-protocols/${protocol.id}/events/new`);
    await expect(
      page.getByRole('heading', { name: "You don't have access to creating events", level: 1 }),
    ).toBeVisible();
    await page.goto(`/collection-protocols/${protocol.id}/sites`);
    await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Sites' })).toHaveCount(0);
    await page.goto(`/collection-protocols/${protocol.id}/sites/add`);
    await expect(
      page.getByRole('heading', { name: "You don't have access to adding sites to collection protocols", level: 1 }),
    ).toBeVisible();
  });
});
