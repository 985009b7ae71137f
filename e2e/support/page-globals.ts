import type { AxeResults, RunOptions } from 'axe-core';

/**
 * What the specs put on a page's `window` through `page.evaluate` / init scripts, typed once here so the browser-side
 * callbacks read and write them without casts.
 */
declare global {
  interface Window {
    /** axe-core's browser bundle, evaluated into the page (support/axe.ts). */
    axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
    /** The fake printer extension's received messages (labels.spec.ts). */
    zebra?: { type?: string; id?: string; zpl: string; url: string }[];
    /** The page's clock when the first row was in the document (cold-screens.spec.ts). */
    firstRowAt?: number;
  }
}

export {};
