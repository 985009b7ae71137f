// `npm run restore -- <file>`: loads a backup made by `npm run backup` into DATA_DIR, which must be
// absent or empty (docs/operations.md). For PostgreSQL (DATABASE_URL) use pg_restore.
import { loadConfig } from '../config';
import { restorePglite } from './pglite-backup';
import { runTool } from './run-tool';

await runTool(
  'restore',
  async (config, file) => {
    const { counts } = await restorePglite(file, config.dataDir);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    return `restored ${file} into ${config.dataDir}: ${Object.keys(counts).length} tables, ${rows} rows; run npm run audit:verify to check the audit chain`;
  },
  loadConfig(),
);
