import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { centralBiobank, registerParticipant, unique, type Biobank, type Rec } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { choose, field, noSideScroll, signedInAs } from './support/ui';
import { expectNoAxeViolations } from './support/axe';

// Issue 28 item 8: storage quick to set up (a rack of boxes in one step, a box straight in a shelf) and to
// read (each occupied cell shows its sample and specimen type, coloured by type; a scanned barcode finds its cell).

/** A fridge with one shelf, through the API; answers the screen's ?path= of the shelf and the API path. */
async function fridgeShelf(b: Biobank, title: string) {
  const [schemas, options] = await Promise.all([b.list('labelingSchemas'), b.list('positionLabelingOptions')]);
  const by = (rows: Rec[], t: string) => rows.find((r) => r.title === t)!.id;
  const body = (t: string, rows: number, columns: number) => ({
    title: t,
    rows,
    columns,
    positionLabelingOptionId: by(options, 'Two Dimensional'),
    rowLabelingSchemaId: by(schemas, 'Letters Upper Case'),
    columnLabelingSchemaId: by(schemas, 'Numbers'),
  });
  let container: Rec | null = null;
  // Container codes are unique per institution and the tests share one database: retry a taken one.
  for (let attempt = 0; !container && attempt < 20; attempt++) {
    const res = await b.api.call('POST', `/institutions/${b.instId}/storageContainers`, b.token, {
      ...body(title, 3, 1),
      code: Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X'),
    });
    if (res.status === 201) container = res.body;
  }
  const shelf = await b.call(
    'POST',
    `storageContainers/${container!.id}/storageContainerShelfs`,
    body('Shelf 1', 1, 4),
  );
  return {
    screen: `c${container!.id}.s${shelf.id}`,
    api: `storageContainers/${container!.id}/storageContainerShelfs/${shelf.id}`,
    body,
  };
}

const cell = (page: Page, code: string) =>
  page.getByRole('button', { name: new RegExp(`^${code} (AVAIL|.+, OCC), row \\d+ column \\d+`) });

test('a rack of boxes in one step and a box straight in a shelf, from the screen', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const fridge = `Fridge ${unique()}`;
  const { screen } = await fridgeShelf(b, fridge);
  await signedInAs(page, admin, 'Central Biobank', `/configuration/storage-container?path=${screen}`);
  await expect(page.getByRole('heading', { name: 'Shelf 1', level: 2 })).toBeVisible();
  await expect(page.getByText('No racks or boxes yet: Add Rack or Add Box creates one.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Rack of Boxes' }).click();
  const form = page.getByRole('dialog', { name: 'Create a Rack of Boxes in Shelf 1' });
  await form.getByLabel(field('Title')).fill('Rack T');
  await form.getByLabel(field('Rows')).fill('2');
  await form.getByLabel(field('Columns')).fill('2');
  await expect(form.getByText('Empty: 4, to fill the rack')).toBeVisible();
  await form.getByLabel(field('Number of boxes')).fill('3');
  await form.getByLabel(field('Box rows')).fill('9');
  await form.getByLabel(field('Box columns')).fill('9');
  await expect(form.getByText('3 boxes of 9 x 9: 243 positions.')).toBeVisible();
  await choose(page, form, 'Position Labeling Option', 'Two Dimensional');
  await choose(page, form, 'Row Labeling Schema', 'Letters Upper Case');
  await choose(page, form, 'Column Labeling Schema', 'Numbers');
  await shot('storage-rack-template-form');
  await expectNoAxeViolations(page, 'rack template form');
  // Beyond the rack's places: the contract's message on the field, nothing sent.
  await form.getByLabel(field('Number of boxes')).fill('5');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(form.getByText('A 2 x 2 rack holds at most 4 boxes')).toBeVisible();
  await form.getByLabel(field('Number of boxes')).fill('3');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(form).toBeHidden();

  // The new rack is selected, its three boxes listed; the tree shows them under it.
  await expect(page.getByRole('heading', { name: 'Rack T', level: 2 })).toBeVisible();
  await expect(page.getByText('Rack T and its 3 boxes created.')).toBeVisible();
  for (const i of [1, 2, 3])
    await expect(
      page.getByRole('button', { name: new RegExp(`^Box ${i} Box · Code ${i} · 9 x 9 81 positions$`) }),
    ).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Storage containers' });
  await expect(tree.getByRole('treeitem', { name: 'Rack T', exact: true })).toHaveAttribute('aria-selected', 'true');
  await shot('storage-rack-template-made');

  // A box straight in the shelf, beside the rack.
  await tree.getByRole('treeitem', { name: 'Shelf 1', exact: true }).click();
  await page.getByRole('button', { name: 'Add Box', exact: true }).click();
  const boxForm = page.getByRole('dialog', { name: 'Create a Box in Shelf 1' });
  await boxForm.getByLabel(field('Title')).fill('Door box');
  await boxForm.getByLabel(field('Rows')).fill('2');
  await boxForm.getByLabel(field('Columns')).fill('5');
  await choose(page, boxForm, 'Position Labeling Option', 'Two Dimensional');
  await choose(page, boxForm, 'Row Labeling Schema', 'Letters Upper Case');
  await choose(page, boxForm, 'Column Labeling Schema', 'Numbers');
  await boxForm.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Door box', level: 2 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Positions of Door box' }).getByRole('button')).toHaveCount(10);
  expect(new URL(page.url()).searchParams.get('path')).toMatch(/^c\d+\.s\d+\.b\d+$/);
  // A reload (or a shared link) opens the same box.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Door box', level: 2 })).toBeVisible();
  await tree.getByRole('treeitem', { name: 'Shelf 1', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Door box Box · 2 x 5/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Rack T Rack · 2 x 2/ })).toBeVisible();
  await shot('storage-shelf-mixed');
  await expectNoAxeViolations(page, 'shelf holding a rack and a box');

  // A phone: every Add reachable, the template form fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Add Rack of Boxes' })).toBeInViewport();
  await shot('storage-shelf-mixed-phone');
  await page.getByRole('button', { name: 'Add Rack of Boxes' }).click();
  await expect(form.getByLabel(field('Box rows'))).toBeVisible();
  await noSideScroll(page, 'Rack template form');
  await shot('storage-rack-template-form-phone');
  await expectNoAxeViolations(page, 'rack template form at 390 px');
});

test('the box grid shows each sample and its specimen type by colour, and a scanned barcode finds its cell', async ({
  signedInPage: page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique();
  const fridge = `Fridge ${u}`;
  const { screen, api: shelfApi, body } = await fridgeShelf(b, fridge);
  const box = await b.call('POST', `${shelfApi}/storageContainerBoxes`, body('Serum box', 4, 6));
  const patient = await registerParticipant(b, { mrn: `SD${u}`.toUpperCase() });
  const samples = [];
  for (let i = 1; i <= 3; i++) samples.push(await collectedSampleByApi(b, patient.id, `SD-${u}-${i}`.toUpperCase()));
  await b.call('POST', `${shelfApi}/storageContainerBoxes/${box.id}/allocate`, {
    collectedSampleIds: samples.map((s) => s.id),
  });

  await page.goto(`/configuration/storage-container?path=${screen}.b${box.id}`);
  await expect(page.getByRole('heading', { name: 'Serum box', level: 2 })).toBeVisible();
  // Each occupied cell shows its sample ID and specimen type; the legend names the colour's type.
  await expect(cell(page, 'A1')).toContainText(samples[0].sampleId);
  await expect(cell(page, 'A1')).toContainText('Whole Blood');
  await expect(cell(page, 'A3')).toContainText(samples[2].sampleId);
  await expect(cell(page, 'A4')).toContainText('AVAIL');
  const legend = page.getByRole('list', { name: 'Specimen types in this box' });
  await expect(legend.getByRole('listitem')).toHaveText(['Whole Blood (3)', 'Available (21)']);
  // Colour is a second cue: the occupied cells share one background, a free one has another.
  const background = (code: string) => cell(page, code).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background('A1')).toBe(await background('A2'));
  expect(await background('A1')).not.toBe(await background('A4'));
  await shot('storage-box-samples');
  await expectNoAxeViolations(page, 'box grid with samples');

  // A scanner types the barcode and Enter: the cell is focused and ringed, the place said in words.
  const find = page.getByRole('search', { name: 'Find a sample in Serum box' });
  await find.getByLabel(field('Find a sample')).fill(samples[1].sampleId.toLowerCase());
  await find.getByLabel(field('Find a sample')).press('Enter');
  await expect(cell(page, 'A2')).toBeFocused();
  await expect(cell(page, 'A2')).toHaveAttribute('data-found', 'true');
  await expect(page.getByRole('status').filter({ hasText: `${samples[1].sampleId} is at A2.` })).toBeVisible();
  await shot('storage-box-found');
  // Enter on the found cell opens it, as any cell.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Collected Sample Allocation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await find.getByLabel(field('Find a sample')).fill(`NOPE-${u}`);
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('status').filter({ hasText: `NOPE-${u} is not in this box.` })).toBeVisible();
  await expect(page.locator('[data-found]')).toHaveCount(0);

  // A phone: the grid scrolls inside its own region, the page never sideways; the scan still finds.
  await page.setViewportSize({ width: 390, height: 844 });
  await find.getByLabel(field('Find a sample')).fill(samples[2].sampleId);
  await find.getByLabel(field('Find a sample')).press('Enter');
  await expect(cell(page, 'A3')).toBeFocused();
  await expect(cell(page, 'A3')).toBeInViewport();
  await noSideScroll(page, 'Box with samples');
  await shot('storage-box-samples-phone');
  await expectNoAxeViolations(page, 'box grid with samples at 390 px');
});
