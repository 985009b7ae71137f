import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

export interface Admin { email: string; password: string }

/** What every end-to-end test receives: a fresh browser context and helpers over the real server. */
export interface TestContext {
  page: Page;
  baseUrl: string;
  admin: Admin;
  /** A second, independent browser context (another person at another computer). */
  newPage: () => Promise<Page>;
  /** Save e2e/screenshots/<name>.png. */
  shot: (name: string, page?: Page) => Promise<void>;
  api: ApiHelpers;
}

export interface E2ETest { name: string; run: (t: TestContext) => Promise<void> }

export interface ApiHelpers {
  login: (email: string, password: string) => Promise<string>;
  call: <T>(method: string, path: string, token: string, body?: unknown) => Promise<{ status: number; body: T }>;
}

export function apiHelpers(baseUrl: string): ApiHelpers {
  const call = async <T>(method: string, p: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${p}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  return {
    call,
    login: async (email, password) => {
      const res = await call<{ token: string }>('POST', '/Authentication/login', '', { userName: email, password, stayLoggedIn: false });
      assert.equal(res.status, 200, `API login of ${email} failed with ${res.status}`);
      return res.body.token;
    },
  };
}

export async function newContextPage(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Type the credentials on the login screen and press Enter, as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** From the institution picker, choose an institution by its title. */
export async function pickInstitution(page: Page, title = 'Central Biobank') {
  await page.getByRole('heading', { name: 'Institutions' }).waitFor();
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await page.getByRole('button', { name: new RegExp(`Institution ${title}, click to change`) }).waitFor();
}

export async function signInAndPick(page: Page, admin: Admin) {
  await page.goto('/login');
  await signIn(page, admin.email, admin.password);
  await pickInstitution(page);
}

/** Wait until the page shows `text` (exact string or pattern). */
export async function see(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

export { assert };
