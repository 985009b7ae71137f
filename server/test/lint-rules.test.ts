import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's lint rules fail on a planted violation (issue 29): each case lints a snippet as if it
 * were a file at that path, with the repository's own eslint.config.js, and expects the named rule to fire.
 */
const eslint = new ESLint({ cwd: process.cwd() });
async function rulesFiredFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const cases: { what: string; file: string; code: string; expect: RegExp }[] = [
  {
    what: 'a module importing the db schema',
    file: 'server/modules/orders/planted.ts',
    code: "import { patients } from '../../db/schema';\nexport const x = patients;\n",
    expect: /db\/schema is for server\/db only/,
  },
  {
    what: "a module importing another module's repository",
    file: 'server/modules/orders/planted.ts',
    code: "import { assertSiteIds } from '../institutions/institutions.repository';\nexport const x = assertSiteIds;\n",
    expect: /only through its index\.ts/,
  },
  {
    what: "a module importing another module's service",
    file: 'server/modules/orders/planted.ts',
    code: "import { listPatients } from '../participants/participants.service';\nexport const x = listPatients;\n",
    expect: /only through its index\.ts/,
  },
  {
    what: 'platform importing a module',
    file: 'server/platform/planted.ts',
    code: "import { assertSiteIds } from '../modules/institutions';\nexport const x = assertSiteIds;\n",
    expect: /platform\/ must not import server modules/,
  },
  {
    what: 'a hand-qualified column',
    file: 'server/modules/orders/planted.ts',
    code: 'import { sql } from \'drizzle-orm\';\nexport const x = sql`select 1 from a where "patients"."id" = 1`;\n',
    expect: /qualified\(table\.column\)/,
  },
  {
    what: 'a service building a query',
    file: 'server/modules/orders/planted.service.ts',
    code: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    expect: /queries live in the module's \*\.repository\.ts/,
  },
  {
    what: 'a service importing its own table',
    file: 'server/modules/orders/planted.service.ts',
    code: "import { limsOrders } from './orders.table';\nexport const x = limsOrders;\n",
    expect: /queries live in the module's \*\.repository\.ts/,
  },
  // ---- issue 29 review: table files reach another module's table only through db/referenced-tables ----
  {
    what: "a table file importing another module's table file directly",
    file: 'server/modules/orders/planted.table.ts',
    code: "import { patients } from '../participants/participants.table';\nexport const x = patients;\n",
    expect: /only through server\/db\/referenced-tables\.ts/,
  },
  {
    what: "a table file importing another module's index (services into the schema)",
    file: 'server/modules/orders/planted.table.ts',
    code: "import { assertSiteIds } from '../institutions';\nexport const x = assertSiteIds;\n",
    expect: /only through server\/db\/referenced-tables\.ts/,
  },
  {
    what: "a table file importing another module's repository",
    file: 'server/modules/samples/planted.table.ts',
    code: "import { patientCard } from '../participants/participants.repository';\nexport const x = patientCard;\n",
    expect: /only through server\/db\/referenced-tables\.ts/,
  },
  {
    what: 'a table file importing the whole db schema',
    file: 'server/modules/orders/planted.table.ts',
    code: "import { patients } from '../../db/schema';\nexport const x = patients;\n",
    expect: /db\/schema is for server\/db only/,
  },
  {
    what: 'a service importing the referenced-tables barrel',
    file: 'server/modules/orders/planted.service.ts',
    code: "import { patients } from '../../db/referenced-tables';\nexport const x = patients;\n",
    expect: /db\/referenced-tables is for \*\.table\.ts files/,
  },
  {
    what: 'platform importing the referenced-tables barrel',
    file: 'server/platform/planted.ts',
    code: "import { accounts } from '../db/referenced-tables';\nexport const x = accounts;\n",
    expect: /db\/referenced-tables is for \*\.table\.ts files/,
  },
  {
    what: 'the referenced-tables barrel re-exporting a repository',
    file: 'server/db/referenced-tables.ts',
    code: "export { patientCard } from '../modules/participants/participants.repository';\n",
    expect: /re-exports module table files .* and nothing else/,
  },
  {
    what: "the referenced-tables barrel re-exporting a module's index",
    file: 'server/db/referenced-tables.ts',
    code: "export { assertSiteIds } from '../modules/institutions';\n",
    expect: /re-exports module table files .* and nothing else/,
  },
  // ---- end of issue 29 review ----
  {
    what: 'a web feature importing another feature',
    file: 'web/src/features/orders/api/planted.ts',
    code: "import { usePatients } from '@/features/participants/api/patients';\nexport const x = usePatients;\n",
    expect: /features never import each other/,
  },
  {
    what: 'a literal query key',
    file: 'web/src/features/orders/api/planted.ts',
    code: "export const q = { queryKey: ['orders', 1] };\n",
    expect: /query-keys/,
  },
  {
    what: 'a named Loader without a role (axe aria-prohibited-attr)',
    file: 'web/src/features/orders/pages/planted.tsx',
    code: "import { Loader } from '@mantine/core';\nexport const A = ({ t }: { t: (k: string) => string }) => <Loader aria-label={t('x')} />;\n",
    expect: /named Loader needs role="status"/,
  },
  {
    what: 'English text in a screen converted to the catalogues (issue 33)',
    file: 'web/src/app/top-nav.tsx',
    code: 'export const A = () => <span>Sign in</span>;\n',
    expect: /comes from the catalogues/,
  },
  {
    what: 'an English label attribute in a converted screen (issue 33)',
    file: 'web/src/features/auth/pages/planted.tsx',
    code: 'export const A = () => <input aria-label="Password" />;\n',
    expect: /comes from the catalogues/,
  },
  {
    what: 'a literal field message in a converted contract (issue 33)',
    file: 'contract/samples.contract.ts',
    code: "import { z } from 'zod';\nexport const A = z.array(z.number()).min(1, 'Choose one');\n",
    expect: /contract\/messages\.ts/,
  },
  {
    what: 'a template-literal message with a value in a converted contract (issue 33)',
    file: 'contract/storage.contract.ts',
    code: "import { z } from 'zod';\nconst max = 3;\nexport const A = z.object({}).superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: `At most ${max}` }));\n",
    expect: /contract\/messages\.ts/,
  },
  {
    what: 'a literal field message in the last contracts converted (issue 33, server side)',
    file: 'contract/imports.contract.ts',
    code: "import { z } from 'zod';\nexport const A = z.string().max(8000, 'The mapping is too long');\n",
    expect: /contract\/messages\.ts/,
  },
  {
    what: "a literal message as a text helper's limit message (issue 33)",
    file: 'contract/lookups.schemas.ts',
    code: "import { text } from './common.contract';\nexport const A = text(100, 'Too long');\n",
    expect: /contract\/messages\.ts/,
  },
  // ---- issue 33, service messages ----
  {
    what: "a bare problem helper with an English title in a module's service (issue 33)",
    file: 'server/modules/orders/planted.service.ts',
    code: "import { badRequest } from '../../platform/errors';\nexport const x = () => badRequest('Choose an enabled panel.');\n",
    expect: /named error of the module's \*\.errors\.ts/,
  },
  {
    what: 'a conflict titled by a template with words in a new module (issue 33)',
    file: 'server/modules/not-yet-made/planted.ts',
    code: "import { conflict } from '../../platform/errors';\nexport const x = (c: string) => conflict(`Code ${c} is taken`);\n",
    expect: /named error of the module's \*\.errors\.ts/,
  },
  {
    what: "a literal field message given to a module's problem (issue 33)",
    file: 'server/modules/shipments/planted.service.ts',
    code: "import { validationProblem } from '../../platform/errors';\nexport const x = () => validationProblem({ receivingInstitutionId: ['Choose another institution'] });\n",
    expect: /named error of the module's \*\.errors\.ts/,
  },
  {
    what: 'a field message with a value written as a template in a module (issue 33)',
    file: 'server/modules/samples/planted.ts',
    code: "import { sampleErrors } from './samples.errors';\nexport const x = (n: number) => sampleErrors.row_key('k', { sampleId: [`Also given to row ${n}`] });\n",
    expect: /named error of the module's \*\.errors\.ts/,
  },
  // ---- end of issue 33, service messages ----
  // ---- i33server: the platform's problems too ----
  {
    what: 'a literal field message in a platform problem (i33server)',
    file: 'server/platform/planted.ts',
    code: "import { badRequest } from './errors';\nexport const x = (f: string) => badRequest('Bad', { [f]: [`Choose an enabled site`] });\n",
    expect: /named error of the module's \*\.errors\.ts/,
  },
  {
    what: 'a title chosen between two English sentences (i33server)',
    file: 'server/platform/planted.ts',
    code: "import { badRequest } from './errors';\nexport const x = (l?: string) => badRequest(l ? `${l}: choose one` : 'Choose one.');\n",
    expect: /named error of the module's \*\.errors\.ts/,
  },
  // ---- end of i33server ----
];

describe('lint rules refuse planted violations', () => {
  it("lets the registry declare a field by name and label (text('title', 'Title') is no message)", async () => {
    const fired = await rulesFiredFor(
      'contract/lookups.registry.ts',
      "const text = (name: string, label: string) => ({ name, label });\nexport const title = text('title', 'Title');\n",
    );
    expect(fired.filter((m) => /contract\/messages\.ts/.test(m))).toEqual([]);
  });

  for (const c of cases) {
    it(c.what, async () => {
      const fired = await rulesFiredFor(c.file, c.code);
      expect(
        fired.some((m) => c.expect.test(m)),
        fired.join('\n') || 'no rule fired',
      ).toBe(true);
    });
  }

  it('lets a screen say its words through t()', async () => {
    const converted = await rulesFiredFor(
      'web/src/app/top-nav.tsx',
      "import { useTranslation } from 'react-i18next';\nexport const A = () => { const { t } = useTranslation(); return <span title={t('appName')}>{t('appName')}</span>; };\n",
    );
    expect(converted.filter((m) => /catalogues/.test(m))).toEqual([]);
  });

  // Issue 33 item 6: the rule covers every file of web/src, not a list of converted ones; only the files with no
  // user-visible words by nature (tests, the i18n set-up, Vite's declarations) are left out (eslint.config.js).
  it('refuses English planted in any web/src file, new or old, whatever its folder', async () => {
    const planted = [
      ['web/src/features/samples/components/planted.tsx', 'export const A = () => <span>Sub-sample</span>;\n'],
      ['web/src/features/not-yet-made/pages/planted.tsx', 'export const A = () => <b title="Brand new">x</b>;\n'],
      ['web/src/components/planted.tsx', 'export const A = () => <input placeholder="Type here" />;\n'],
      ['web/src/lib/planted.ts', "export const notice = { message: 'Saved the printer' };\n"],
      ['web/src/app/planted.tsx', 'export const A = () => <p>Welcome back</p>;\n'],
      ['web/src/planted.tsx', 'export const A = () => <p>Loading</p>;\n'],
    ];
    for (const [file, code] of planted) {
      const fired = await rulesFiredFor(file, code);
      expect(
        fired.filter((m) => /catalogues/.test(m)),
        file,
      ).not.toEqual([]);
    }
  });

  it('leaves the files with no words by nature alone: tests, the i18n set-up, Vite declarations', async () => {
    for (const file of [
      'web/src/features/samples/components/planted.test.tsx',
      'web/src/lib/planted.test.ts',
      'web/src/lib/i18n.ts',
    ]) {
      const fired = await rulesFiredFor(file, 'export const A = { title: "An expected English title" };\n');
      expect(
        fired.filter((m) => /catalogues/.test(m)),
        file,
      ).toEqual([]);
    }
  });

  it("lets a module's errors file hold English titles and a service say messages through MSG (issue 33)", async () => {
    const errorsFile = await rulesFiredFor(
      'server/modules/orders/planted.errors.ts',
      "import { badRequest } from '../../platform/errors';\nexport const x = () => badRequest('An English title', { a: ['An English message'] });\n",
    );
    const service = await rulesFiredFor(
      'server/modules/orders/planted.service.ts',
      "import { MSG, msgf } from '../../../contract/messages';\nimport { validationProblem } from '../../platform/errors';\nexport const x = (n: number) => validationProblem({ a: [MSG.required], b: [msgf('atMost', { max: n })] });\n",
    );
    expect([...errorsFile, ...service].filter((m) => /named error/.test(m))).toEqual([]);
  });

  it('passes the allowed form (index import, own tables)', async () => {
    const fired = await rulesFiredFor(
      'server/modules/orders/planted.ts',
      "import { assertSiteIds } from '../institutions';\nexport const x = assertSiteIds;\n",
    );
    expect(fired.filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });

  it("lets a table file reference another module's table through db/referenced-tables, and the barrel re-export it", async () => {
    const table = await rulesFiredFor(
      'server/modules/orders/planted.table.ts',
      "import { integer, pgTable } from 'drizzle-orm/pg-core';\nimport { recordColumns } from '../../platform/records';\nimport { patients } from '../../db/referenced-tables';\nexport const t = pgTable('t', { ...recordColumns(), patientId: integer('patient_id').references(() => patients.id) });\n",
    );
    const barrel = await rulesFiredFor(
      'server/db/referenced-tables.ts',
      "export { patients } from '../modules/participants/participants.table';\n",
    );
    expect([...table, ...barrel].filter((m) => m.includes('no-restricted-imports'))).toEqual([]);
  });

  it('lets a repository build queries and a service import types only', async () => {
    const repo = await rulesFiredFor(
      'server/modules/orders/planted.repository.ts',
      "import { eq } from 'drizzle-orm';\nimport { limsOrders } from './orders.table';\nexport const x = eq(limsOrders.id, 1);\n",
    );
    const service = await rulesFiredFor(
      'server/modules/orders/planted.service.ts',
      "import type { SQL } from 'drizzle-orm';\nexport type X = SQL;\n",
    );
    expect([...repo, ...service].filter((m) => m.includes('no-restricted-imports'))).toEqual([]);
  });
});
