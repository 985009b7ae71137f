import { expect, test } from './fixtures';
import { centralBiobank, secondInstitution, createAccount, type Rec } from './support/data';
import { expectNoAxeViolations } from './support/axe';
import { signedInAs } from './support/ui';

// Issue 31 item 3 (docs/shipments.md "Signed manifests and receipts"): an administrator sees the institution's
// signing key and adds a partner's public key file on Configuration > Trusted Partners.
test('the administrator adds a partner key file and sees it listed', async ({ api, admin, newPage, shot }) => {
  const b = await centralBiobank(api, admin);
  const boss = await createAccount(b, { role: 'Institution Administrator', firstName: 'Kidist', lastName: 'Keys' });
  const partner = await secondInstitution(b, boss, ['Institution Administrator']);
  const { body: institutions } = await api.call<Rec[]>('GET', '/institutions?PageSize=1000', b.token);
  const partnerId = institutions.find((i) => i.title === partner)!.id;
  const keys = await api.call<Rec>('GET', `/institutions/${partnerId}/signingKeys/public-keys.json`, b.token);
  expect(keys.status).toBe(200);

  const page = await newPage();
  await signedInAs(page, boss, 'Central Biobank', '/configuration/trusted-partners');
  await expect(page.getByRole('heading', { name: 'Trusted Partners', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your signing keys' }).getByText('active')).toBeVisible();
  await page.getByRole('button', { name: 'Add partner key' }).click();
  const dialog = page.getByRole('dialog', { name: "Add a partner's public key" });
  await dialog.getByLabel('Or paste it here').fill(JSON.stringify(keys.body));
  await dialog.getByRole('button', { name: 'Trust this key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(partner) })).toContainText('Trusted');
  await shot('trusted-partners', page);
  await expectNoAxeViolations(page, 'trusted partners');
});
