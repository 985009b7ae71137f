-- The API keeps a signed-in session for at most SESSION_CACHE_MS (docs/performance.md, issue 30): every
-- change that can end a session or change what it may do notifies channel lims_auth, and each API process
-- (listening on every connection of its pool, or on PGlite's one) forgets its cached sessions. The
-- committing connection receives its own notification before its commit returns, so a change made by a
-- process holds for that process's next request; other processes receive it within milliseconds, and
-- the cache's time limit bounds the wait should a notification be missed.
CREATE FUNCTION lims_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lims_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, account_id, token_hash ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION lims_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION lims_auth_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed AFTER UPDATE OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION lims_auth_changed();
--> statement-breakpoint
CREATE TRIGGER account_institutions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON account_institutions
  FOR EACH STATEMENT EXECUTE FUNCTION lims_auth_changed();
