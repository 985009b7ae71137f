import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { RunOptions } from 'axe-core';
import './page-globals';
import { resizeTo } from './ui';

/** axe-core's browser bundle, evaluated in the page (the app's CSP would refuse an injected <script>). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Elements left out of the scan: the narrowest selector, each with its reason in docs/accessibility.md.
 * Rules are never switched off as a whole.
 */
const EXCLUDE: string[] = [];

const RUN_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Runs axe-core (its default rules: WCAG 2.x A and AA plus best practice) on the page as it is now and fails
 * listing every violation of any impact (minor, moderate, serious, critical; issue 28): rule id, impact, the
 * element (CSS target), what to fix (axe's help text and link) and axe's finding (e.g. the ratio). The failure
 * is soft: the test goes on to scan its next screen and fails at its end with every screen's list.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  // Screens are lazy routes drawn after the shell: scanning before the screen is there reports a page without a
  // level-one heading (axe's page-has-heading-one), a race and not a finding. Every screen has one, or is a
  // full-screen form or dialog (its own heading), so wait for either.
  const screen = page.locator('h1, [role="heading"][aria-level="1"], [role="dialog"]').first();
  await expect(screen, `${label}: the screen's level-one heading or dialog`).toBeAttached();
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async ([exclude, options]) => {
      const axe = window.axe;
      if (!axe) throw new Error('axe-core is not loaded in the page');
      return axe.run(exclude.length ? { exclude: exclude.map((s) => [s]) } : document, options);
    },
    [EXCLUDE, RUN_OPTIONS] as const,
  );
  const problems = results.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = [...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ');
      return `${v.id} [${v.impact}] ${n.target.join(' ')}: ${v.help} (${v.helpUrl}). ${why}`;
    }),
  );
  expect.soft(problems, `${label}: accessibility violations`).toEqual([]);
}

const PHONE = { width: 390, height: 844 };

/**
 * Scans the page at its own width and again at phone width (390 px) once `ready` shows there, then gives the
 * page its size back: for a state deep in a journey that a test cannot cheaply reach twice.
 */
export async function expectNoAxeViolationsAtBothWidths(page: Page, label: string, ready: Locator) {
  const size = page.viewportSize();
  await expectNoAxeViolations(page, `${label} at ${size?.width ?? 'default'} px`);
  await resizeTo(page, PHONE);
  await expect(ready, `${label} shows at ${PHONE.width} px`).toBeVisible();
  await expectNoAxeViolations(page, `${label} at ${PHONE.width} px`);
  if (size) await resizeTo(page, size);
  await expect(ready).toBeVisible();
}
