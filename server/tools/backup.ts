// `npm run backup -- <file>`: a consistent backup of the PGlite database in DATA_DIR (docs/operations.md).
// Stop the server first: PGlite is single-process. For PostgreSQL (DATABASE_URL) use pg_dump.
import { loadConfig } from '../config';
import { backupPglite } from './pglite-backup';
import { runTool } from './run-tool';

await runTool(
  'backup',
  async (config, file) => {
    const { bytes, counts } = await backupPglite(config.dataDir, file);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    return `backup of ${config.dataDir} written to ${file}: ${bytes} bytes, ${Object.keys(counts).length} tables, ${rows} rows`;
  },
  loadConfig(),
);
