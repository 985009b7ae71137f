import { expect, test } from './fixtures';
import { centralBiobank, createAccount } from './support/data';
import { accountMenu, pickInstitution, signIn } from './support/ui';
import { expectNoAxeViolations } from './support/axe';

// Issue 33: a person picks Français in the account menu; the screens and the server's messages follow, and stay.
test.describe('language', () => {
  test('switching to French in the account menu: navigation, a server error, a reload, axe', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    // An account of its own: the worker's administrator keeps English for the other specs.
    const b = await centralBiobank(api, admin);
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Amélie', lastName: 'Durand' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await signIn(page, who.email, who.password);
    await pickInstitution(page);
    const english = page.getByRole('navigation', { name: 'Main' });
    await expect(english.getByRole('link', { name: 'Participants' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    const nav = page.getByRole('navigation', { name: 'Principale' });
    await expect(nav.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Comptes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nouveau participant' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await shot('language-fr-1280');
    await expectNoAxeViolations(page, 'home in French at 1280 px');

    // A 400 from a form: the server answers in the account's language.
    await page.getByRole('button', { name: /: menu du compte$/ }).click();
    await page.getByRole('menuitem', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByRole('heading', { name: 'Changer votre mot de passe' })).toBeVisible();
    await page.getByLabel('Mot de passe actuel').fill('not-the-password');
    await page.getByLabel('Nouveau mot de passe', { exact: false }).first().fill('Centrifuge-42-spin-Lyon');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('Centrifuge-42-spin-Lyon');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText("L'ancien mot de passe est incorrect.").first()).toBeVisible();
    await shot('language-fr-server-error');
    await expectNoAxeViolations(page, 'change password in French');
    await page.keyboard.press('Escape');

    // The choice is the account's: a reload (and a new sign-in) stays French.
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Accueil' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // 390 px: the burger opens the same French navigation; the header's buttons keep their whole words.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Afficher ou masquer la navigation' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Accueil' }),
    ).toBeVisible();
    await shot('language-fr-390');
    await expectNoAxeViolations(page, 'navigation in French at 390 px');
    const scroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(scroll, 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);

    // Back to English from the menu.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /: menu du compte$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('signed out, the sign-in page follows the browser language', async ({ browser, baseURL, shot }) => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByText('Connectez-vous à votre portail')).toBeVisible();
    await page.getByLabel('E-mail').fill('nobody@lab.test');
    await page.getByLabel('Mot de passe').fill('wrong');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "Nom d'utilisateur ou mot de passe incorrect." }),
    ).toBeVisible();
    await shot('language-fr-login', page);
    await expectNoAxeViolations(page, 'sign-in in French');
    await context.close();
  });
});
