import { expect, test } from './fixtures';
import { centralBiobank, createAccount } from './support/data';
import { choose, noSideScroll, see } from './support/ui';
import { expectNoAxeViolations } from './support/axe';

// Issue 33: a French-speaking researcher builds a query and opens the catalogue without an English word of the
// interface (the institution's lookup titles are its data: issue 33 item 4).
test('a researcher counts with the query builder and opens the catalogue in French, at 1280 and 390 px, axe clean', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  // An account of its own, set to French through the API: the worker's administrator keeps English.
  const who = await createAccount(b, { role: 'Researcher', firstName: 'Théo', lastName: 'Moreau' });
  const token = await api.login(who.email, who.password);
  const set = await api.call('PUT', '/Authentication/language', token, { language: 'fr' });
  expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/health');
  await page.evaluate(
    ([t, id]) => {
      localStorage.setItem('lims.token', t);
      localStorage.setItem('lims.institutionId', String(id));
    },
    [token, b.instId] as const,
  );
  await page.goto('/queries');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'Requêtes', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await see(page, /^Trouvez des échantillons d’après leur donneur/);
  await expect(main.getByRole('button', { name: 'Ajouter un critère' })).toBeVisible();

  // A criterion every primary sample meets, then the count and the counts by a dimension.
  await choose(page, main, 'Champ', 'Lignée');
  await expect(main.getByLabel('Lignées')).toBeVisible();
  await main.getByRole('button', { name: 'Compter' }).click();
  await expect(main.getByRole('status').filter({ hasText: /^Échantillons correspondants : / })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Effectifs par', level: 2 })).toBeVisible();
  await expect(main.getByLabel('Regrouper les effectifs par')).toHaveValue('Type d’échantillon');
  await shot('queries-fr-1280');
  await expectNoAxeViolations(page, 'query builder in French at 1280 px');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main.getByRole('button', { name: 'Compter' })).toBeVisible();
  await noSideScroll(page, 'query builder in French at 390 px');
  await shot('queries-fr-390');
  await expectNoAxeViolations(page, 'query builder in French at 390 px');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/catalogue');
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await see(page, /^Ce que nous détenons et qu’une étude peut recevoir/);
  // The select, by role and exact name: with no protocol yet an alert's title also says 'protocole de distribution'.
  await expect(main.getByRole('combobox', { name: 'Protocole de distribution', exact: true })).toBeVisible();
  await shot('catalogue-fr-1280');
  await expectNoAxeViolations(page, 'catalogue in French at 1280 px');
});
