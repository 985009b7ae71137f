import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const queryKeyLiteral = {
  selector: "Property[key.name='queryKey'] > ArrayExpression",
  message: 'build query keys in web/src/lib/query-keys.ts (queryKeys.<resource>...), never as a literal array.',
};
/**
 * Mantine's Loader is a <span>: a name on it without a role is an ARIA attribute axe refuses (aria-prohibited-attr,
 * serious), and it was found only when a scan happened to catch a loader on screen.
 */
const loaderWithoutRole = {
  selector:
    "JSXOpeningElement[name.name='Loader']:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
  message: 'a named Loader needs role="status" (a <span> may not carry aria-label without a role).',
};

/**
 * Issue 33 item 6: every web file says its words through the catalogues (docs/languages.md), so the
 * untranslated-text rule below covers all of web/src: a new file is checked from its first line.
 */
const TRANSLATED_FILES = ['web/src/**/*.{ts,tsx}'];
/**
 * Files with no user-visible words by nature: tests (their literals are expectations), the i18n set-up itself
 * (language codes and namespace names) and Vite's type declarations.
 */
const UNTRANSLATED_BY_NATURE = ['web/src/**/*.test.{ts,tsx}', 'web/src/lib/i18n.ts', 'web/src/vite-env.d.ts'];
const WORDS = '/[A-Za-z]{2,}/';
const USER_ATTRIBUTES = '/^(label|title|placeholder|description|aria-label|alt|notice|consequence|message|error)$/';
const untranslated = 'a word on screen comes from the catalogues: t(...) (contract/i18n, docs/languages.md).';
const untranslatedText = [
  { selector: `JSXText[value=${WORDS}]`, message: untranslated },
  { selector: `JSXAttribute[name.name=${USER_ATTRIBUTES}] > Literal[value=${WORDS}]`, message: untranslated },
  {
    selector: `JSXAttribute[name.name=${USER_ATTRIBUTES}] > JSXExpressionContainer > :matches(Literal[value=${WORDS}], TemplateLiteral)`,
    message: untranslated,
  },
  { selector: `Property[key.name=/^(message|title|label)$/] > Literal[value=${WORDS}]`, message: untranslated },
  // A sentence built with values (`${n} samples stored`): data-only templates (`${title} (${code})`) stay allowed.
  {
    selector: `Property[key.name=/^(message|title|label)$/] > TemplateLiteral:has(TemplateElement[value.raw=${WORDS}])`,
    message: untranslated,
  },
];

/**
 * Issue 33: a contract's field messages come from contract/messages.ts (MSG, or msgf for a message with values),
 * so the server and the web say them in the reader's language (contract/i18n/message-match.ts); a literal stays
 * English in every language. Every contract file is held to it (the last ones were converted with issue 33's server side).
 */
const literalMessage =
  'say a field message through contract/messages.ts (MSG, or msgf with values): a literal stays English in every language.';
// 'multi' / 'single' name a text helper's kind of lines, not a message.
const STRING_WITH_WORDS = String.raw`Literal[raw=/^['"].*[A-Za-z]/]:not([value=/^(multi|single)$/])`;
const contractLiteralMessages = [
  {
    selector: `Property[key.name=/^(message|error|tooLong|tooSmall|tooLarge|notNumber)$/] > :matches(${STRING_WITH_WORDS}, TemplateLiteral)`,
    message: literalMessage,
  },
  {
    selector: `CallExpression[callee.property.name=/^(min|max|length|regex|refine|nonempty)$/] > :matches(${STRING_WITH_WORDS}, TemplateLiteral)`,
    message: literalMessage,
  },
  {
    selector: `CallExpression[callee.name=/^(trimmedText|multilineText|requiredText|optionalText|required)$/] > :matches(${STRING_WITH_WORDS}, TemplateLiteral)`,
    message: literalMessage,
  },
  // common.contract.ts's text(max, tooLong); a `text('name', 'Label')` whose first argument is a name is a field
  // declaration (the registry's label helper, contract/lookups.registry.ts), whose label is not a message.
  {
    selector: `CallExpression[callee.name='text']:not([arguments.0.type='Literal'][arguments.0.raw=/^['"]/]) > :matches(${STRING_WITH_WORDS}, TemplateLiteral)`,
    message: literalMessage,
  },
];

// ---- issue 33, service messages ----
/**
 * Issue 33: a server module's problem titles and field messages are said in the caller's language, so a module
 * writes neither as a literal outside its `*.errors.ts`: a title is a named error of that file (defineErrors, with
 * its French in `problems`), a field message a contract/messages.ts text (MSG, or msgf with values).
 */
const serverLiteral =
  "a problem title is a named error of the module's *.errors.ts, a field message a contract/messages.ts text (MSG, or msgf): a literal stays English in every language.";
const WORDY_TEMPLATE = `TemplateLiteral:has(TemplateElement[value.raw=${WORDS}])`;
const WORDY = `:matches(Literal[value=${WORDS}], ${WORDY_TEMPLATE})`;
const serverLiteralMessages = [
  // badRequest('Choose an enabled panel.'), conflict(`${x} is taken`): the title of the platform's problem helpers.
  {
    selector: `CallExpression[callee.name=/^(badRequest|conflict|forbidden|unauthorized)$/] > ${WORDY}`,
    message: serverLiteral,
  },
  // i33server: badRequest(label ? `${label}: choose ...` : `Choose ...`): either branch of a chosen title.
  {
    selector: `CallExpression[callee.name=/^(badRequest|conflict|forbidden|unauthorized)$/] > ConditionalExpression > ${WORDY}`,
    message: serverLiteral,
  },
  // { panelId: ['Choose an enabled panel'] } given to a problem (validationProblem, a named error, badRequest).
  { selector: `CallExpression > ObjectExpression > Property > ArrayExpression > ${WORDY}`, message: serverLiteral },
];
// ---- end of issue 33, service messages ----

// Import direction (ARCHITECTURE §2): contract <- server, contract <- web; web features never import each other.
const noServer = {
  group: ['**/server/**', '../../server/*'],
  message: 'web must not import server code; share through contract/.',
};
/** Dialogs go through the one shell (components/dialog.tsx): the unsaved-changes guard and focus return by construction. */
const noBareModal = {
  name: '@mantine/core',
  importNames: ['Modal'],
  message: "use Dialog from '@/components/dialog' (guard and focus return).",
};
const noCrossFeature = { 'no-restricted-imports': ['error', { paths: [noBareModal], patterns: [noServer] }] };
/**
 * A feature file imports its own folder relatively and everything else by alias (@/lib, @/components):
 * a relative path that climbs out of the feature (`../../participants/...` from features/orders/components/)
 * reaches another feature or the app, so it is refused like `@/features/...`.
 */
const featureRule = (up) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [noBareModal],
      patterns: [
        noServer,
        {
          group: ['@/features/**', '@/app/**', `${up}**`],
          message:
            'features never import each other or the app; move shared code to components/ or lib/ and import it by its @/ alias.',
        },
      ],
    },
  ],
});

// Server import direction (ARCHITECTURE §2, ADR 0010): platform never imports a module; a module reaches
// another only through its repository, service or index, never its tables or other internals.
/** The barrel of referenced tables is for table files alone; everything else reaches a module through its index.ts. */
const noReferencedTables = {
  group: ['**/db/referenced-tables', '**/db/referenced-tables.ts'],
  message:
    "db/referenced-tables is for *.table.ts files (foreign keys); read another module's data through its index.ts.",
};
const platformRule = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/modules/**'],
          message:
            'platform/ must not import server modules; let the module provide it (a parameter, a dependency from app.ts) or move the shared part into platform/.',
        },
        { group: ['**/db/schema', '**/db/schema.ts'], message: 'db/schema is for server/db only.' },
        noReferencedTables,
      ],
    },
  ],
};
const otherModule = {
  regex: String.raw`^(\.\./(?!\.\.)[^/]+/.+|.*/modules/.*)$`,
  message:
    'a module imports another only through its index.ts (`../<area>`), never its tables, repository, services or other files (issue 29).',
};
/** The tables are private to their module and db/ (migrations, the client): nothing else imports the schema. */
const noSchema = {
  group: ['**/db/schema', '**/db/schema.ts'],
  message: "db/schema is for server/db only; a module reads another module's data through that module's index.ts.",
};
/**
 * Reports and the query builder are the read models across areas (ADR 0012): they may also read other modules'
 * tables, never their other internals.
 */
const reportsReadModel = {
  regex: String.raw`^(\.\./(?!\.\.)[^/]+/(?![^/]+\.tables?$).+|.*/modules/.*)$`,
  message: otherModule.message,
};
/**
 * A table file references another module's table for a foreign key only through server/db/referenced-tables.ts
 * (issue 29): no other module's file, not even its table file or index (an index pulls services into the schema).
 */
const tableFk = {
  regex: String.raw`^(\.\./(?!\.\.).*|.*/modules/.*)$`,
  message:
    "a table file references another module's table only through server/db/referenced-tables.ts (a foreign key), and imports nothing else of another module.",
};
/** The barrel re-exports module table files and nothing else, so no service reaches the schema through it. */
const referencedTablesOnly = {
  regex: String.raw`^(?!\.\./modules/[^/]+/[^/]+\.table$).*$`,
  message: 'db/referenced-tables.ts re-exports module table files (../modules/<area>/<name>.table) and nothing else.',
};

/**
 * All of a module's SQL sits in its repositories (issue 29): any other module file (service, routes, rules, index)
 * imports neither Drizzle's query builders nor a table, so it cannot build a query. Types stay importable.
 */
const sqlMessage =
  "queries live in the module's *.repository.ts files; call a repository function with ctx.db / tx.db.";
const sqlInRepositories = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'drizzle-orm', message: sqlMessage, allowTypeImports: true }],
      patterns: [
        { group: ['drizzle-orm/*'], message: sqlMessage, allowTypeImports: true },
        { regex: String.raw`\.tables?$`, message: sqlMessage, allowTypeImports: true },
      ],
    },
  ],
};

/** One way to name a column in sql``: qualified(table.column). Lookup join aliases ("j_<name>") are built by name. */
const handQualified = String.raw`/"(?!j_)[a-z_]+"\."[a-z_]+"/`;
const noHandQualified = {
  'no-restricted-syntax': [
    'error',
    ...[`TemplateElement[value.raw=${handQualified}]`, `Literal[value=${handQualified}]`].map((selector) => ({
      selector,
      message:
        'name the column with qualified(table.column) from server/platform/qualified.ts, not a hand-written "table"."column".',
    })),
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'server/dist',
      'data',
      'e2e/screenshots',
      'e2e/.data',
      'playwright-report',
      'test-results',
      'server/db/migrations',
    ],
  },
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'drizzle-orm*', 'fastify*', 'react*'],
              message: 'contract/ imports only zod.',
            },
          ],
        },
      ],
    },
  },
  { files: ['server/platform/**/*.ts'], rules: platformRule },
  {
    files: ['server/*.ts', 'server/tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noSchema, noReferencedTables] }] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**', 'server/db/**'],
    rules: noHandQualified,
  },
  // Issue 33: the same rule with the literal-message check for the modules and the platform (i33server; a later
  // no-restricted-syntax replaces). The platform's own titles are keyed problems of errors.ts (AppError with a text).
  {
    files: ['server/modules/**/*.ts', 'server/platform/**/*.ts'],
    ignores: [
      'server/modules/**/*.test.ts',
      'server/modules/**/*.errors.ts',
      'server/modules/*/*.table.ts',
      // i33server: the platform too; its tests plant English on purpose.
      'server/platform/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [...noHandQualified['no-restricted-syntax'], ...serverLiteralMessages],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: [
      'server/modules/*/*.table.ts',
      'server/modules/**/*.test.ts',
      'server/modules/reports/**',
      'server/modules/queries/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModule, noSchema, noReferencedTables] }] },
  },
  {
    files: ['server/modules/reports/**/*.ts', 'server/modules/queries/**/*.ts'],
    ignores: ['server/modules/*/*.table.ts', 'server/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reportsReadModel, noSchema, noReferencedTables] }] },
  },
  {
    files: ['server/modules/*/*.table.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tableFk, noSchema] }] },
  },
  {
    files: ['server/db/referenced-tables.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [referencedTablesOnly] }] },
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/*.repository.ts', 'server/modules/*/*.table.ts', 'server/modules/**/*.test.ts'],
    rules: sqlInRepositories,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noCrossFeature },
  },
  // Query keys come from the one factory (lib/query-keys.ts), so a write's invalidation reaches them (issue 28).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/query-keys.ts', 'web/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', queryKeyLiteral, loaderWithoutRole] },
  },
  // Issue 33: a converted file says every word through the catalogues (contract/i18n); the list grows area by area
  // (docs/languages.md). The same rule again: a later block's no-restricted-syntax replaces an earlier one's.
  {
    files: TRANSLATED_FILES,
    ignores: UNTRANSLATED_BY_NATURE,
    rules: { 'no-restricted-syntax': ['error', queryKeyLiteral, loaderWithoutRole, ...untranslatedText] },
  },
  {
    files: ['contract/**/*.ts'],
    ignores: ['contract/messages.ts', 'contract/i18n/**', 'contract/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...contractLiteralMessages] },
  },
  // One block per folder depth: from features/<area>/<role>/x.ts, '../../' is already outside the area.
  { files: ['web/src/features/*/*.{ts,tsx}'], rules: featureRule('../') },
  { files: ['web/src/features/*/*/*.{ts,tsx}'], rules: featureRule('../../') },
  { files: ['web/src/features/*/*/*/*.{ts,tsx}'], rules: featureRule('../../../') },
  { files: ['web/src/features/*/*/*/*/**/*.{ts,tsx}'], rules: featureRule('../../../../') },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noBareModal],
          patterns: [
            noServer,
            {
              group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
              message: 'shared code does not depend on features or the app.',
            },
          ],
        },
      ],
    },
  },
);
