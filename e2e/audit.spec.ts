import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, registerParticipant, unique } from './support/data';
import { mainNav, see } from './support/ui';
import { expectNoAxeViolations } from './support/axe';

async function openAuditLog(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Setting' }).click();
  await page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
}

/** Pick the record type from its list and type the record number, as a person filtering the log would. */
async function filterByRecord(page: Page, type: string, id: number) {
  const recordType = page.getByRole('combobox', { name: 'Record type' });
  await recordType.click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await expect(recordType).toHaveValue(type);
  await page.getByLabel('Record number').fill(String(id));
  await page.getByLabel('Record number').press('Enter');
}

test.describe('audit', () => {
  test('an administrator reads who changed a record, with its before and after values', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const title = `Audited ${unique()}`;
    const created = await biobank.call<{ id: number; concurrencyStamp: string }>('POST', 'genders', {
      title,
      abbreviation: 'AU',
      description: 'Before',
    });
    await biobank.call('PUT', `genders/${created.id}`, {
      title,
      abbreviation: 'AU',
      description: 'After',
      concurrencyStamp: created.concurrencyStamp,
    });

    await openAuditLog(page);
    await filterByRecord(page, 'Gender', created.id);
    // The unfiltered page stays on screen until the filtered one arrives: wait for the record's two events.
    await see(page, '1–2 of 2');
    await see(page, 'Before → After');
    await expect(page.getByRole('cell', { name: 'Created', exact: true })).toBeVisible();
    await expect(
      page.getByRole('cell', { name: 'System Administrator' }),
      'both changes name their author',
    ).toHaveCount(2);
    await shot('audit-log');
  });

  // Issue 11: a participant edit in plain words, field by field with lookup titles (no raw JSON), on a desktop and a phone.
  test('the log filters by record type from a list and shows a participant edit field by field', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const patient = await registerParticipant(biobank, { mrn: `AUD${unique()}`.toUpperCase(), firstName: 'Selam' });
    const genders = await biobank.ids('genders');
    const current = await biobank.call<Record<string, unknown>>('GET', `patients/${patient.id}`);
    await biobank.call('PUT', `patients/${patient.id}`, {
      ...current,
      firstName: 'Selamawit',
      genderId: genders.get('Male'),
    });

    await openAuditLog(page);
    await filterByRecord(page, 'Participant', patient.id);
    // The unfiltered page stays on screen until the filtered one arrives (it shows this edit too, among others):
    // wait for the record's two events, its registration and the edit.
    await see(page, '1–2 of 2');
    // The edit, in words: the field's label, the old and the new value, the gender by its title.
    await see(page, 'Selam → Selamawit');
    await see(page, 'Female → Male');
    await expect(page.getByRole('cell', { name: 'Changed', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Participant #${patient.id}` }).first()).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toContainText('First name:');
    await expect(table).toContainText('Gender:');
    await expect(table, 'no column names or JSON in the log').not.toContainText(/genderId|firstName|[{}]/);
    await shot('audit-log-participant-edit');
    await page.setViewportSize({ width: 390, height: 844 });
    await see(page, 'Female → Male');
    await shot('audit-log-participant-edit-phone');
  });

  // Issue 18: the administrator checks the institution's audit hash chain from the log's page.
  test('an administrator verifies the audit chain and sees it intact', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    await biobank.call('POST', 'genders', {
      title: `Chained ${unique()}`,
      abbreviation: 'CH',
      description: 'Hash chained',
    });
    await openAuditLog(page);
    await page.getByRole('button', { name: 'Verify audit chain' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Audit chain verified' });
    await expect(result).toBeVisible();
    await expect(result).toContainText(/\d+ records checked, none changed or removed/);
    await expectNoAxeViolations(page, 'audit chain verified');
    await shot('audit-chain-verified');
  });

  // How a broken chain reads. The server cannot be tampered with from here (its PGlite is in another
  // process), so this answer is the one the API gives for an edited row (server/modules/audit/audit-chain.test.ts).
  test('a broken chain names the first broken record in plain words', async ({ signedInPage: page, shot }) => {
    await page.route('**/audit/verify', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          institutionId: 1,
          rows: 41,
          legacyRows: 0,
          blocks: 2,
          sealedRows: 41,
          unsealedRows: 0,
          headId: 120,
          headHash: 'ab'.repeat(32),
          firstBreak: {
            id: 57,
            institutionId: 1,
            kind: 'content',
            detail:
              "the row's content does not match its hash (stored '3f1a9c0e22b1…', computed '9d04e5a7c3f8…'): the row was edited after it was written",
          },
        }),
      }),
    );
    await openAuditLog(page);
    await page.getByRole('button', { name: 'Verify audit chain' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Audit chain broken at record #57' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('the row was edited after it was written');
    await expectNoAxeViolations(page, 'audit chain broken');
    await shot('audit-chain-broken');
  });
});
