import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import direction (ARCHITECTURE §2): contract <- server, contract <- web; web features never import each other.
const noServer = { group: ['**/server/**', '../../server/*'], message: 'web must not import server code; share through contract/.' };
const noCrossFeature = { 'no-restricted-imports': ['error', { patterns: [noServer] }] };
/**
 * A feature file imports its own folder relatively and everything else by alias (@/lib, @/components):
 * a relative path that climbs out of the feature (`../../participants/...` from features/orders/components/)
 * reaches another feature or the app, so it is refused like `@/features/...`.
 */
const featureRule = (up) => ({ 'no-restricted-imports': ['error', { patterns: [
  noServer,
  { group: ['@/features/**', '@/app/**', `${up}**`], message: 'features never import each other or the app; move shared code to components/ or lib/ and import it by its @/ alias.' },
] }] });

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'e2e/screenshots', 'e2e/.data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [
      { group: ['**/server/**', '**/web/**', 'drizzle-orm*', 'fastify*', 'react*'], message: 'contract/ imports only zod.' },
    ] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noCrossFeature },
  },
  // One block per folder depth: from features/<area>/<role>/x.ts, '../../' is already outside the area.
  { files: ['web/src/features/*/*.{ts,tsx}'], rules: featureRule('../') },
  { files: ['web/src/features/*/*/*.{ts,tsx}'], rules: featureRule('../../') },
  { files: ['web/src/features/*/*/*/*.{ts,tsx}'], rules: featureRule('../../../') },
  { files: ['web/src/features/*/*/*/*/**/*.{ts,tsx}'], rules: featureRule('../../../../') },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [
      noServer,
      { group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'], message: 'shared code does not depend on features or the app.' },
    ] }] },
  },
);
