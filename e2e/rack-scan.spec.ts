import { test, expect } from './fixtures';
import { centralBiobank, registerParticipant, unique, type Rec } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { nodeUrl, storageByApi } from './support/storage';
import { expectNoAxeViolations } from './support/axe';
import { signedInAs } from './support/ui';

// Issue 17, "Rack-scanner reconcile" (docs/storage.md): a scanner's CSV read against a box, shown on
// the grid by outcome, and its moves applied.

test('reconcile a rack scan: one moved, one missing, one unknown on the grid; apply the move and the positions follow', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique();
  const { box1 } = await storageByApi(b, `Freezer ${u}`);
  const patient = await registerParticipant(b, { mrn: `RK${u}`.toUpperCase() });
  const [kept, moved, lost] = [
    await collectedSampleByApi(b, patient.id, `RK-${u}-1`.toUpperCase()),
    await collectedSampleByApi(b, patient.id, `RK-${u}-2`.toUpperCase()),
    await collectedSampleByApi(b, patient.id, `RK-${u}-3`.toUpperCase()),
  ];
  // Box 1 (3 x 3): kept at A1, moved at A2, lost at A3 (bulk allocation fills A1, A2, A3).
  await b.call('POST', `${nodeUrl(box1)}/allocate`, { collectedSampleIds: [kept.id, moved.id, lost.id] });
  // The scan: kept where it is, moved found at B2, lost absent, a stranger's tube at C3, Ziath layout.
  const csv = [
    'Rack Barcode,RK0001',
    'Scan Date,2026-11-24',
    '',
    'Tube Position,Tube Barcode',
    `A01,${kept.sampleId}`,
    'A02,No Tube',
    'A03,No Tube',
    `B02,${moved.sampleId.toLowerCase()}`,
    `C03,STRANGER-${u}`,
  ].join('\r\n');

  await signedInAs(page, admin, 'Central Biobank', `/configuration/storage-container?path=${box1.join('.')}`);
  await expect(page.getByRole('heading', { name: 'Box 1', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Reconcile rack scan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconcile rack scan: Box 1' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'rack.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Read scan' }).click();

  const grid = dialog.getByRole('list', { name: 'Scan of Box 1 by position' });
  await expect(grid.getByRole('listitem', { name: `A1: Match ${kept.sampleId}` })).toBeVisible();
  await expect(grid.getByRole('listitem', { name: `B2: Moved ${moved.sampleId} from A2` })).toBeVisible();
  await expect(grid.getByRole('listitem', { name: `A3: Missing ${lost.sampleId}; Empty` })).toBeVisible();
  await expect(grid.getByRole('listitem', { name: `C3: Unknown STRANGER-${u}` })).toBeVisible();
  const list = dialog.getByRole('table', { name: 'Scan outcomes' });
  await expect(list.getByRole('row').filter({ hasText: moved.sampleId })).toContainText('A2 → B2');
  await expect(list.getByRole('row').filter({ hasText: lost.sampleId })).toContainText('Stored here, not in the scan');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Moved: 1' })).toBeVisible();
  await shot('rack-scan-read');
  await expectNoAxeViolations(page, 'rack scan');

  // Apply the move only (the missing sample stays recorded), after a confirmation, from the keyboard.
  await dialog.getByRole('button', { name: 'Apply moves' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Apply 1 move?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Applied: 1 sample moved, 0 taken out.')).toBeVisible();
  await expect(grid.getByRole('listitem', { name: `B2: Match ${moved.sampleId}` })).toBeVisible();
  await shot('rack-scan-applied');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The box grid: B2 holds the moved sample, A2 is free, A3 still holds the missing one.
  const positions = page.getByRole('group', { name: 'Positions of Box 1' });
  await expect(positions.getByRole('button', { name: new RegExp(`^B2 ${moved.sampleId}.*, OCC`) })).toBeVisible();
  await expect(positions.getByRole('button', { name: /^A2 AVAIL/ })).toBeVisible();
  await expect(positions.getByRole('button', { name: new RegExp(`^A3 ${lost.sampleId}.*, OCC`) })).toBeVisible();
  const where = await b.call<{ occupancy: { location: { positionCode: string } } | null } & Rec>(
    'GET',
    `collectedSamples/${moved.id}/position`,
  );
  expect(where.occupancy?.location.positionCode).toBe('B2');
  await shot('rack-scan-box-after');

  // On a phone (390 px) the dialog fills the width and the grid scrolls inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Reconcile rack scan' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'rack.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Read scan' }).click();
  await expect(grid.getByRole('listitem', { name: `B2: Match ${moved.sampleId}` })).toBeVisible();
  await shot('rack-scan-phone');
});
