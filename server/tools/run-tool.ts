import type { Config } from '../config';

/** The backup and restore commands: a file argument, PGlite only, one line of result, exit code 0/1/2. */
export async function runTool(
  name: 'backup' | 'restore',
  run: (config: Config, file: string) => Promise<string>,
  config: Config,
) {
  const file = process.argv[2];
  if (!file) {
    console.error(`usage: npm run ${name} -- <file>`);
    process.exit(2);
  }
  if (config.databaseUrl) {
    console.error(
      `${name}: DATABASE_URL is set; for PostgreSQL use ${name === 'backup' ? 'pg_dump -Fc' : 'pg_restore'} (docs/operations.md)`,
    );
    process.exit(2);
  }
  try {
    console.log(await run(config, file));
  } catch (err) {
    console.error(`${name} failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
