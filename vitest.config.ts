import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // tsconfig.json "paths", for web modules under test that import shared code by its alias (@/lib/...).
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) },
      { find: /^@contract\//, replacement: fileURLToPath(new URL('./contract/', import.meta.url)) },
    ],
  },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
