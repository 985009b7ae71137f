import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Registered by `router(app, deps, { heavyReads: true })`: reads from the heavy-read database, marks no write. */
    heavyRead?: boolean;
  }
}

/** The database one request's heavy read uses (AppDeps.heavyReadDb). */
export type HeavyReadDb = (req: FastifyRequest) => Promise<Db>;

/** Where a session's last write is kept: the auth module's session_writes rows (app.ts passes them in). */
export interface WriteMarks {
  /** Records that the session has just written. */
  mark(sessionId: number): Promise<void>;
  /** Whether it wrote within the read-your-writes window. */
  wroteRecently(sessionId: number): Promise<boolean>;
}

/**
 * Heavy reads (reports, CSV and FHIR exports, the audit log, catalogue and query-builder reads: docs/operations.md
 * "Read replica") read from `replica` when there is one, with the report budget. A session that wrote within the
 * window (READ_YOUR_WRITES_MS) reads from `primary` (the primary's report pool) instead, so a report run just after
 * a save shows the save even if the replica has not replayed it yet. Without a replica, always `primary`: nothing is
 * asked of the database beyond the read itself.
 */
export function heavyReadDb(opts: { primary: Db; replica?: Db; marks: WriteMarks }): HeavyReadDb {
  const { primary, replica, marks } = opts;
  if (!replica) return async () => primary;
  return async (req) => (req.auth && (await marks.wroteRecently(req.auth.sessionId)) ? primary : replica);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With a replica, every request of a signed-in session that may write (any method but GET, HEAD and OPTIONS, on a
 * route that is not a heavy read) marks the session before its answer leaves: a read the client sends after it has
 * the answer finds the mark, on whichever API process or worker serves it. Marked whatever the status (a 409 wrote
 * nothing, but a failure after a commit must not be missed; a mark too many only keeps reads on the primary for the
 * window). A mark that fails is logged and the answer is sent: the write itself is committed.
 */
export function registerWriteMarks(app: FastifyInstance, marks: WriteMarks) {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.auth || READS.has(req.method) || req.routeOptions.config.heavyRead) return payload;
    try {
      await marks.mark(req.auth.sessionId);
    } catch (err) {
      req.log.error({ err }, "could not mark the session's write: its next heavy reads may miss it on the replica");
    }
    return payload;
  });
}
