import pg from 'pg';

/**
 * The database a URL names, a Vitest project's template and the prefix of its per-testApp() databases
 * ('<db>__tpl_<project>', '<db>__f<project>_'; without a project '<db>__tpl' and '<db>__f').
 */
export function databaseNames(url: string, project = '') {
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  const scope = project.replace(/[^a-z0-9]/gi, '').toLowerCase();
  return {
    base,
    template: `${base}__tpl${scope ? `_${scope}` : ''}`,
    filePrefix: `${base}__f${scope ? `${scope}_` : ''}`,
  };
}

/** The same server and credentials, another database. */
export function urlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/**
 * Drops the per-testApp() databases ('<db>__f<project>_...') still there: at the end of a run those whose own drop
 * (harness.ts freshDatabase) has not finished, at the start of the next what a killed run left. `url` names the
 * server (and a database to connect to).
 */
export async function dropFileDatabases(url: string, filePrefix: string) {
  const like = `${filePrefix.replace(/[\\_%]/g, (c) => `\\${c}`)}%`;
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      like,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

/** Runs fn on one short-lived connection to url (for CREATE and DROP DATABASE). */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
