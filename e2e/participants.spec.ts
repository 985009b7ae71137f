import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, participantCount, registerParticipant, unique } from './support/data';
import { field, openScreen, see, signedInAs, tablesSettled } from './support/ui';

/** Pick `option` in the select labelled `label` by typing and choosing, as a keyboard user would. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const input = scope.getByLabel(field(label));
  await input.click();
  if (await input.isEditable()) await input.fill(option.slice(0, 3));
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickChip(page: Page, scope: Locator, label: 'Races' | 'Ethnicities', typed: string, option: string) {
  const input = scope.getByLabel(field(label));
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('button', { name: `Remove ${option}` })).toBeVisible();
  await expect(input, 'the picker clears after a pick').toHaveValue('');
}

interface Person {
  mrn: string;
  first: string;
  father: string;
  grand: string;
}

async function fillParticipant(page: Page, dialog: Locator, p: Person) {
  await dialog.getByLabel(field('MRN')).fill(p.mrn);
  await dialog.getByLabel(field('Social Security Number')).fill('123-45-6789');
  await dialog.getByLabel(field('External Subject ID')).fill(`EXT-${p.mrn}`);
  await dialog.getByLabel(field('First Name')).fill(p.first);
  await dialog.getByLabel(field('Father Name')).fill(p.father);
  await dialog.getByLabel(field('Grand Father Name')).fill(p.grand);
  await choose(page, dialog, 'Gender', 'Female');
  await choose(page, dialog, 'Marital Status', 'Single');
  await choose(page, dialog, 'Vital Status', 'Alive');
  await dialog.getByLabel(field('Birth Date')).fill('1984-03-12');
  await dialog.getByLabel(field('Birth Date')).press('Tab');
  await dialog.getByLabel(field('Birth Time')).fill('08:30');
  await pickChip(page, dialog, 'Ethnicities', 'Not', 'Not Hispanic or Latino');
}

/**
 * Search the participants list for `term` (Enter, or the Search button) and wait for `row` as the answer.
 * A search for nothing first empties the table, so the row on screen comes from this search, not an earlier one.
 */
async function findBy(page: Page, term: string, row: Locator, how: 'Enter' | 'button' = 'Enter') {
  const box = page.getByLabel(field('Search'));
  const nothing = `nobody-${unique()}`;
  await box.fill(nothing);
  await box.press('Enter');
  await see(page, `Nothing matches '${nothing}'.`);
  await box.fill(term);
  if (how === 'Enter') await box.press('Enter');
  else await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(row).toBeVisible();
  await see(page, '1–1 of 1');
  await tablesSettled(page);
}

test.describe('participants', () => {
  test('a participant is registered with two races, a phone and a site MRN, then found by MRN, phone and name', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    test.slow(); // a long journey (three times the 60 s limit): on a busy 2-core machine it has taken over a minute
    const b = await centralBiobank(api, admin);
    const before = await participantCount(b);
    await openScreen(page, 'Participants');
    await shot('participants-list');
    await page.getByRole('main').getByRole('button', { name: 'New Participant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Participant' });
    // The type flagged isDefault is preselected once its list arrives.
    await expect(dialog.locator('input[data-path="patientTypeId"][value="Outpatient"]')).toBeAttached();
    await expect(dialog.getByLabel(field('Birth Date')), 'birth date defaults to today').toHaveValue(
      /^\d{4}-\d{2}-\d{2}$/,
    );

    // spec 1 §5: an empty submit names every missing field.
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('*required', { exact: true }), 'first, father and grand-father names').toHaveCount(3);
    await expect(dialog.getByText('*Required', { exact: true }).first()).toBeVisible();
    expect(
      await dialog.getByText('*Required', { exact: true }).count(),
      'gender, marital and vital status, races, ethnicities',
    ).toBeGreaterThanOrEqual(5);
    await shot('participant-create-validation');

    const mrn = `MRN${unique()}`.toUpperCase();
    const phone = `09${String(Date.now()).slice(-8)}`;
    const person = { mrn, first: 'Hanna', father: `Bekele${unique().slice(-4)}`, grand: 'Girma' };
    await fillParticipant(page, dialog, person);
    await pickChip(page, dialog, 'Races', 'As', 'Asian');
    // Keyboard: typing and Enter picks the highlighted match; picking it again is ignored.
    await dialog.getByLabel(field('Races')).fill('Whi');
    await expect(page.getByRole('option', { name: 'White', exact: true })).toBeVisible();
    await dialog.getByLabel(field('Races')).press('Enter');
    await expect(dialog.getByRole('button', { name: 'Remove White' })).toBeVisible();
    await expect(dialog, 'Enter in the picker does not submit').toBeVisible();

    await dialog.getByRole('button', { name: 'Add Phone Number' }).click();
    await choose(page, dialog, 'Category', 'Personal');
    await choose(page, dialog, 'Type', 'Mobile');
    await dialog.getByLabel(field('Phone Number')).fill('09 11');
    await dialog.getByRole('button', { name: 'ADD', exact: true }).click();
    await see(dialog, 'No spaces are allowed');
    await shot('participant-phone-adder');
    await dialog.getByLabel(field('Phone Number')).fill(phone);
    await dialog.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(dialog.getByRole('button', { name: `Remove ${phone}` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'ADD', exact: true }), 'the adder hides after ADD').toHaveCount(0);

    // Site MRN rows: both or neither; a second row is added and removed without disturbing the first.
    await choose(page, dialog, 'Institution Site 1', 'Main Laboratory');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('*Required', { exact: true }).first()).toBeVisible();
    await dialog.getByLabel(field('Site MRN 1')).fill(`S-${mrn}`);
    await dialog.getByRole('button', { name: 'Add Site MRN' }).click();
    await dialog.getByLabel(field('Site MRN 2')).fill('temporary');
    await dialog.getByRole('button', { name: 'Remove site MRN row 2' }).click();
    await expect(dialog.getByLabel(field('Site MRN 2')), 'the second row is gone').toHaveCount(0);
    await expect(dialog.getByLabel(field('Site MRN 1')), 'the first row keeps its MRN').toHaveValue(`S-${mrn}`);
    await expect(dialog.getByLabel(field('Institution Site 1')), 'and its site').toHaveValue('Main Laboratory');
    await shot('participant-create-filled');

    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, `Participant Hanna ${person.father} Girma registered.`);
    expect(await participantCount(b)).toBe(before + 1);

    // Find by MRN (Search button), by phone (Enter), by a name part.
    const row = page.getByRole('row').filter({ hasText: person.father });
    await findBy(page, mrn, row, 'button');
    await expect(row.getByText('1984-03-12 08:30 AM')).toBeVisible();
    await expect(row.getByText(mrn, { exact: true })).toBeVisible();
    await shot('participants-search-mrn');
    await findBy(page, phone, row);
    await findBy(page, person.father.toLowerCase().slice(0, 8), row);
    await shot('participants-search-name');

    const found = await b.call<{ id: number }[]>('GET', `patients?PhoneNumber=${phone}`);
    expect(found).toHaveLength(1);
    const child = (kind: string) => b.call<unknown[]>('GET', `patients/${found[0].id}/${kind}?IsEnabled=true`);
    expect(await child('patientRaces'), 'two races saved').toHaveLength(2);
    expect(await child('patientMRNs'), 'main and site MRN saved').toHaveLength(2);
  });

  test('editing a participant adds and removes a race and records a death, all in one save', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const mrn = `MRN${unique()}`.toUpperCase();
    const patient = await registerParticipant(b, { mrn, races: ['Asian', 'White'] });
    await signedInAs(page, admin, 'Central Biobank', `/patients?SearchTerm=${mrn}`);
    await page.getByRole('button', { name: /^Edit Selam/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit a Participant' });
    const mrnInput = dialog.getByLabel(field('MRN'));
    await expect(dialog.getByRole('button', { name: 'Remove White' })).toBeVisible();
    await expect(mrnInput).toHaveValue(mrn);
    await expect(mrnInput, 'MRN is read-only on edit').toHaveAttribute('readonly');

    const races = async () =>
      (await b.call<{ race: { title: string } }[]>('GET', `patients/${patient.id}/patientRaces?IsEnabled=true`))
        .map((r) => r.race.title)
        .sort();
    await pickChip(page, dialog, 'Races', 'Bla', 'Black or African American');
    await dialog.getByRole('button', { name: 'Remove White' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove White' })).toHaveCount(0);
    // Issue 28: the chips are part of the edit, saved with Submit (not at once), so Discard would drop them too.
    expect(await races(), 'nothing saved before Submit').toEqual(['Asian', 'White']);

    await expect(dialog.getByLabel(field('Death Date')), 'no Death Date while alive').toHaveCount(0);
    await choose(page, dialog, 'Vital Status', 'Dead');
    await expect(dialog.getByLabel(field('Death Date'))).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('*required', { exact: true })).toBeVisible();
    await dialog.getByLabel(field('Death Date')).fill('2024-01-05');
    await dialog.getByLabel(field('Death Date')).press('Tab');
    await shot('participant-edit');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, `Participant Selam Api${mrn.slice(-4)} Tesfaye saved.`);
    await expect(page.getByRole('row').filter({ hasText: mrn }).getByText('Dead', { exact: true })).toBeVisible();
    const saved = await b.call<{ deathDate: string }>('GET', `patients/${patient.id}`);
    expect(saved.deathDate.slice(0, 10)).toBe('2024-01-05');
    expect(await races(), 'saved with the fields, the removed one disabled').toEqual([
      'Asian',
      'Black or African American',
    ]);
    await shot('participants-after-edit');
  });

  test('saving over a change made by someone else shows the conflict instead of overwriting it', async ({
    page,
    admin,
    api,
  }) => {
    const b = await centralBiobank(api, admin);
    const patient = await registerParticipant(b, { mrn: `MRN${unique()}`.toUpperCase() });
    await signedInAs(page, admin, 'Central Biobank', `/patients/${patient.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit a Participant' });
    await dialog.getByLabel(field('First Name')).fill('Mine');
    // Meanwhile, at another desk:
    const current = await b.call<Record<string, unknown>>('GET', `patients/${patient.id}`);
    await b.call('PUT', `patients/${patient.id}`, { ...current, firstName: 'Theirs' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'This record was changed by someone else. Reload it and try again.');
    const after = await b.call<{ firstName: string }>('GET', `patients/${patient.id}`);
    expect(after.firstName, 'their change stays').toBe('Theirs');
  });

  test('Submit and create another clears the form; a duplicate MRN shows the conflict and saves nothing', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    await signedInAs(page, admin, 'Central Biobank', '/patients/new');
    const dialog = page.getByRole('dialog', { name: 'Create Participant' });
    const first = { mrn: `MRN${unique()}`.toUpperCase(), first: 'Abebe', father: 'Kebede', grand: 'Alemu' };
    await fillParticipant(page, dialog, first);
    await pickChip(page, dialog, 'Races', 'Oth', 'Other');
    await dialog.getByRole('button', { name: 'Submit and create another' }).click();
    await see(page, 'Participant Abebe Kebede Alemu registered.');
    await expect(dialog.getByLabel(field('First Name')), 'form cleared').toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Remove Other' }), 'chips cleared').toHaveCount(0);
    await expect(dialog, 'form still open').toBeVisible();

    const before = await participantCount(b);
    await fillParticipant(page, dialog, { ...first, first: 'Second' });
    await pickChip(page, dialog, 'Races', 'Unk', 'Unknown');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, `MRN ${first.mrn} is already registered to another participant.`);
    await shot('participant-create-duplicate');
    expect(await participantCount(b), 'nothing saved').toBe(before);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The typed, unsaved participant is only thrown away after asking (issue 11).
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
  });

  test('the dashboard shows the participant count and recent participants', async ({ page, admin, api, shot }) => {
    const b = await centralBiobank(api, admin);
    const mrn = `MRN${unique()}`.toUpperCase();
    await registerParticipant(b, { mrn });
    const total = await participantCount(b);
    await signedInAs(page, admin);
    const card = page.getByRole('group', { name: 'Total Participants' });
    await expect(card.getByText(total.toLocaleString('en-US'), { exact: true })).toBeVisible();
    // The other cards read the spec's count calls (spec 1 §7).
    const protocols = (await b.call<{ count: number }>('GET', 'collectionProtocols/count')).count;
    const samples = (await b.call<{ count: number }>('GET', 'collectedSamples/count')).count;
    await expect(
      page
        .getByRole('group', { name: 'Collection Protocols' })
        .getByText(protocols.toLocaleString('en-US'), { exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Collected Samples' })
        .getByText(samples.toLocaleString('en-US'), { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'LIMS Orders' }).getByText(/^\d[\d,]*$/)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Recent participants' }).getByText(`Api${mrn.slice(-4)}`, { exact: false }),
    ).toBeVisible();
    await shot('dashboard');
    await page.getByRole('link', { name: 'View More participants' }).click();
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
  });
});
