import { expect, type Locator, type Page } from '@playwright/test';
import type { Admin } from '../server-process';

/** A field by its label, with or without the required asterisk Mantine appends. */
export const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*]*$`);

/** The page shows `text` (exact string or pattern) somewhere. */
export async function see(page: Page | Locator, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Search a list by its search box's label (in the screens' language) and press Enter, as a person does. */
export async function searchList(page: Page, label: string, text: string) {
  const box = page.getByRole('main').getByLabel(field(label));
  await box.fill(text);
  await box.press('Enter');
}

/** Type the credentials on the login screen and press Enter, as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** From the institution picker, choose an institution by its title; the header then shows it. */
export async function pickInstitution(page: Page, title = 'Central Biobank') {
  await expect(page.getByRole('heading', { name: 'Institutions' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await expect(institutionMenu(page, title)).toBeVisible();
}

/** The header's institution menu button, named 'Institution: <title>' (any institution when no title is given). */
export const institutionMenu = (page: Page, title?: string) =>
  page.getByRole('button', {
    name: title === undefined ? /^Institution: / : `Institution: ${title}`,
    exact: title !== undefined,
  });

/** Choose 'Change institution' from the header's institution menu (the picker follows, or a discard question first). */
export async function changeInstitution(page: Page) {
  await institutionMenu(page).click();
  await page.getByRole('menuitem', { name: 'Change institution' }).click();
}

/** The header's account menu button, named '<first> <last>: account menu'. */
export const accountMenu = (page: Page) => page.getByRole('button', { name: /: account menu$/ });

/** Logout from the account menu, its one place (a discard question may follow when work is unsaved). */
export async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** Open the login screen, sign in and pick the Central Biobank (the login screen and the picker, as a person uses them). */
export async function signInAndPick(page: Page, who: Admin) {
  await page.goto('/login');
  await signIn(page, who.email, who.password);
  await pickInstitution(page);
}

/** Session tokens by account: a worker (one process, one server) signs each account in once (issue 29 item 9). */
const sessions = new Map<string, string>();

/**
 * A session of `who` on the page's server: the worker's stored one while the server still accepts it (a test that
 * logged out or changed the password ended it: then a new sign-in through the API). A test about signing in types
 * it (signIn, signInAndPick) or calls the login route itself; this is for tests whose subject is elsewhere.
 */
export async function sessionToken(page: Page, who: Admin) {
  const key = `${who.email}\n${who.password}`;
  const stored = sessions.get(key);
  if (stored) {
    const me = await page.request.get('/api/Authentication/me', { headers: { Authorization: `Bearer ${stored}` } });
    if (me.status() === 200) return stored;
  }
  const login = await page.request.post('/api/Authentication/login', {
    data: { userName: who.email, password: who.password, stayLoggedIn: false },
  });
  expect(login.status(), `API sign-in of ${who.email}: ${await login.text()}`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  sessions.set(key, token);
  return token;
}

/**
 * The state signInAndPick leaves, without typing: a session of the account (sessionToken: signed in through the API
 * from the page's browser context the first time, stored for the worker after), the token and the chosen institution go where
 * the web app keeps them between visits (localStorage 'lims.token' and 'lims.institutionId',
 * web/src/lib/session-storage.ts), and the app opens at `at` (Home by default) with the institution in the header. For
 * tests whose subject is not the login screen or the picker (those keep signInAndPick). A test that starts on another
 * screen names it as `at` rather than opening Home and then that screen: each load of the app costs the browser about
 * a second of CPU on two cores (docs/performance.md, seventeenth session).
 */
export async function signedInAs(page: Page, who: Admin, title = 'Central Biobank', at = '/') {
  const token = await sessionToken(page, who);
  const institutions = await page.request.get('/api/institutions', { headers: { Authorization: `Bearer ${token}` } });
  expect(institutions.status(), 'the institutions of the account').toBe(200);
  const institution = ((await institutions.json()) as { id: number; title: string }[]).find((i) => i.title === title);
  expect(institution, `${who.email} may use ${title}`).toBeDefined();
  // The worker's context keeps a page open on the server's origin (e2e/fixtures.ts): localStorage is the origin's,
  // so the token goes in there without loading anything in this page. A context of its own loads a small
  // same-origin document first.
  const keeper = page
    .context()
    .pages()
    .find((p) => p !== page && p.url().endsWith('/api/health'));
  const holder = keeper ?? page;
  if (!keeper) await page.goto('/api/health');
  await holder.evaluate(
    ([t, id]) => {
      localStorage.setItem('lims.token', t);
      localStorage.setItem('lims.institutionId', String(id));
    },
    [token, institution!.id] as const,
  );
  await page.goto(at);
  await expect(institutionMenu(page, title)).toBeVisible();
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Open a screen from the main navigation and wait for its title (`heading` when it differs from the link). */
export async function openScreen(page: Page, link: string, heading = link) {
  await mainNav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** Click the select labelled `label` inside `scope` and pick `option` from its dropdown. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(field(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Type `term` in a list's search box and press Enter. */
export async function search(page: Page, term: string) {
  await page.getByLabel(field('Search')).fill(term);
  await page.getByLabel(field('Search')).press('Enter');
}

/** Wait until no data table (or its phone-size card list) is fetching, so what is on screen is the answer to the last request. */
export async function tablesSettled(page: Page) {
  await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0);
  await expect(page.locator('[data-paged-cards][aria-busy="true"]')).toHaveCount(0);
}

/**
 * Resizes the page and waits until it has drawn at the new width: a media query answers the resize in the next
 * frame, and the screens that show cards on a phone (usePhone) swap their tables then. A scan or a check made before
 * that frame sees the old layout at the new width (a table wider than the phone).
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width);
  await page.evaluate(
    () => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))),
  );
}

/**
 * Nothing is wider than the viewport: the page never scrolls sideways (the message names what sticks out).
 * Polled, because a resize re-renders through media queries a frame or more after setViewportSize returns.
 */
export async function noSideScroll(page: Page, screen: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const over = document.documentElement.scrollWidth - window.innerWidth;
          if (over <= 1) return 'fits';
          const wide = [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`);
          return `${over}px too wide: ${wide.join(', ')}`;
        }),
      `${screen} fits 390 px`,
    )
    .toBe('fits');
}

/** Every button of `scope` shows its whole label: nothing clipped or cut by an ellipsis at this width. */
export async function noClippedButtons(scope: Locator, where: string) {
  const clipped = await scope.locator('button:visible').evaluateAll((buttons) =>
    buttons
      .filter((b) => {
        const label = b.querySelector<HTMLElement>('.mantine-Button-label') ?? b;
        return label.scrollWidth > label.clientWidth + 1;
      })
      .map((b) => b.textContent?.trim() ?? ''),
  );
  expect(clipped, `${where}: buttons whose label does not fit`).toEqual([]);
}
