// `npm run audit:verify`: seals the committed audit rows into blocks, then checks every institution's
// audit chain (docs/audit.md) in the database the server uses (DATABASE_URL, else the PGlite folder DATA_DIR: stop the server first, PGlite is
// single-process; or use the administrators' screen / GET /api/institutions/{i}/audit/verify).
// Exit code 0: every chain verifies; 1: a chain is broken (its first broken row is named); 2: error.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { verifyAuditChains } from '../modules/audit';

const config = loadConfig();
if (!config.databaseUrl && (!fs.existsSync(config.dataDir) || fs.readdirSync(config.dataDir).length === 0)) {
  console.error(`audit:verify: no database in ${config.dataDir} (DATA_DIR); set DATA_DIR or DATABASE_URL`);
  process.exit(2);
}
// PGlite is single-process: a folder a running server (or a backup) holds is refused with the holder's pid.
let lock: ReturnType<typeof lockDataDir> | null = null;
try {
  lock = config.databaseUrl ? null : lockDataDir(config.dataDir, 'audit:verify');
} catch (err) {
  console.error(`audit:verify: ${(err as Error).message}`);
  process.exit(2);
}
const database = await openDatabase(config);
try {
  const started = Date.now();
  const reports = await verifyAuditChains(database.db);
  let broken = 0;
  for (const r of reports) {
    const who = r.institutionId === null ? 'no institution' : `institution ${r.institutionId}`;
    const legacy = r.legacyRows ? `, ${r.legacyRows} pre-chain rows not covered` : '';
    const window = r.unsealedRows ? `, ${r.unsealedRows} rows not sealed yet (the window)` : '';
    if (r.firstBreak) {
      broken++;
      console.log(
        `BROKEN  ${who}: first broken row id ${r.firstBreak.id} (${r.firstBreak.kind}): ${r.firstBreak.detail}`,
      );
    } else {
      console.log(
        `ok      ${who}: ${r.rows} rows, ${r.blocks} blocks sealing ${r.sealedRows}${window}${legacy}; head id ${r.headId ?? '-'} hash ${r.headHash ?? '-'}`,
      );
    }
  }
  const rows = reports.reduce((n, r) => n + r.rows, 0);
  console.log(
    `${reports.length} chains, ${rows} rows, ${broken} broken, ${Date.now() - started} ms (${database.kind})`,
  );
  process.exitCode = broken ? 1 : 0;
} catch (err) {
  console.error(`audit:verify failed: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
  lock?.release();
}
