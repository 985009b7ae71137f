-- A session carries the time zone of each institution it may enter (issue 30: a request reads its institution's
-- clock from the one auth statement, server/modules/accounts signInAccounts), so a change of a zone must reach
-- every API process's session cache like a change of roles does (migration 0038): it notifies channel lims_auth,
-- and each process forgets its cached sessions before its next request (this process's before the commit returns).
-- Only a real change of the zone notifies (an edit of the institution's title leaves the caches alone); a new
-- institution notifies too, for a Super Administrator's session holds every institution's zone.
CREATE TRIGGER institutions_time_zone_changed AFTER UPDATE OF time_zone ON institutions
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION lims_auth_changed();
--> statement-breakpoint
CREATE TRIGGER institutions_added AFTER INSERT OR DELETE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION lims_auth_changed();
