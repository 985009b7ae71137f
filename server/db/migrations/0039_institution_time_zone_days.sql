-- An institution's day (issue 31 item 6): report_daily_counts.day becomes the calendar day of the ordered row in
-- the institution's time zone (institutions.time_zone, IANA), no longer its UTC day, so a report's From..To (the
-- institution's days) reads whole roll-up rows. Institutions still on 'UTC' (every one before this migration
-- unless an administrator set a zone) keep the very same rows. The triggers of migrations 0023/0035 all write
-- through report_daily_counts_add: it alone changes.
CREATE OR REPLACE FUNCTION report_daily_counts_add(kind text, delta int, inst int[], ref int[], ts timestamptz[], pay int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily_counts AS c (institution_id, kind, ref_id, day, payment_category_id, n)
  SELECT x.inst, kind, x.ref, (x.ts AT TIME ZONE coalesce((SELECT i.time_zone FROM institutions i WHERE i.id = x.inst), 'UTC'))::date, coalesce(x.pay, 0), sum(delta)
  FROM unnest(inst, ref, ts, pay) AS x(inst, ref, ts, pay)
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 4, 3, 5
  ON CONFLICT (institution_id, kind, day, ref_id, payment_category_id) DO UPDATE SET n = c.n + excluded.n;
$$;
--> statement-breakpoint
-- One institution's roll-up counted again from its orders, by its current zone's days (the trigger below, when
-- the zone changes).
CREATE OR REPLACE FUNCTION report_daily_counts_rebuild(institution int) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_daily_counts c WHERE c.institution_id = report_daily_counts_rebuild.institution;
  INSERT INTO report_daily_counts (institution_id, kind, ref_id, day, payment_category_id, n)
  SELECT t.institution_id, 'test', t.test_id, (t.created_date AT TIME ZONE z.zone)::date, coalesce(o.payment_category_id, 0), count(*)
  FROM (SELECT i.time_zone AS zone FROM institutions i WHERE i.id = report_daily_counts_rebuild.institution) z,
    lims_ordered_tests t JOIN lims_ordered_panels op ON op.id = t.lims_ordered_panel_id AND op.is_enabled JOIN lims_orders o ON o.id = t.lims_order_id AND o.is_enabled
  WHERE t.institution_id = report_daily_counts_rebuild.institution AND t.is_enabled GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO report_daily_counts (institution_id, kind, ref_id, day, payment_category_id, n)
  SELECT op.institution_id, 'panel', op.panel_id, (op.created_date AT TIME ZONE z.zone)::date, coalesce(o.payment_category_id, 0), count(*)
  FROM (SELECT i.time_zone AS zone FROM institutions i WHERE i.id = report_daily_counts_rebuild.institution) z,
    lims_ordered_panels op JOIN lims_orders o ON o.id = op.lims_order_id AND o.is_enabled
  WHERE op.institution_id = report_daily_counts_rebuild.institution AND op.is_enabled GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO report_daily_counts (institution_id, kind, ref_id, day, payment_category_id, n)
  SELECT op.institution_id, 'unreleased', op.panel_id, (op.created_date AT TIME ZONE z.zone)::date, 0, count(*)
  FROM (SELECT i.time_zone AS zone FROM institutions i WHERE i.id = report_daily_counts_rebuild.institution) z,
    lims_ordered_panels op JOIN lims_orders o ON o.id = op.lims_order_id AND o.is_enabled
  WHERE op.institution_id = report_daily_counts_rebuild.institution AND op.is_enabled AND op.has_unreleased GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- A zone change (the API's institution edit, or SQL by hand) rebuilds that institution's roll-up in the same
-- transaction. EXCLUSIVE on the roll-up first: reports still read it, but every counted write of every institution
-- (its trigger's INSERT into the roll-up) waits for this commit, and the writes already counted by the old zone
-- have committed before the rebuild reads the orders; a write after the commit reads the new zone. A few seconds
-- at full size (2M orders a year); a zone is set once.
CREATE OR REPLACE FUNCTION institutions_time_zone_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE report_daily_counts IN EXCLUSIVE MODE;
  PERFORM report_daily_counts_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS institutions_time_zone_days ON institutions;
--> statement-breakpoint
CREATE TRIGGER institutions_time_zone_days AFTER UPDATE OF time_zone ON institutions FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION institutions_time_zone_days();
--> statement-breakpoint
-- Institutions already in another zone (set by hand since migration 0033): their rows by their own days.
-- Idempotent: applied again under a renumbered name, it rebuilds the same rows.
SELECT report_daily_counts_rebuild(i.id) FROM institutions i WHERE i.time_zone <> 'UTC';
