-- The unreleased panels report's total (issue 30 item 4): report_daily_counts also counts, as kind
-- 'unreleased' (ref = panel id, payment category 0), the enabled ordered panels of enabled orders whose
-- stored has_unreleased is true, per UTC day ordered: exactly the rows the report lists. Kept by the same
-- statement triggers as the other kinds, in the transaction of the write: a release that clears a panel's
-- flag (orders' refreshReleaseRank) takes it away, disabling or re-enabling an order or panel moves it.
CREATE OR REPLACE FUNCTION report_daily_counts_of(rows_kind text, delta int, t lims_ordered_tests[], p lims_ordered_panels[], o lims_orders[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF rows_kind = 'tests' THEN
    SELECT array_agg(x.institution_id) AS inst, array_agg(x.test_id) AS ref, array_agg(x.created_date) AS at, array_agg(oo.payment_category_id) AS pay INTO r
    FROM unnest(t) x JOIN lims_ordered_panels op ON op.id = x.lims_ordered_panel_id AND op.is_enabled JOIN lims_orders oo ON oo.id = x.lims_order_id AND oo.is_enabled
    WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('test', delta, r.inst, r.ref, r.at, r.pay); END IF;
  ELSIF rows_kind = 'unreleased' THEN
    -- Panels whose has_unreleased alone changed: only their 'unreleased' count moves.
    SELECT array_agg(x.institution_id) AS inst, array_agg(x.panel_id) AS ref, array_agg(x.created_date) AS at INTO r
    FROM unnest(p) x JOIN lims_orders oo ON oo.id = x.lims_order_id AND oo.is_enabled WHERE x.is_enabled AND x.has_unreleased;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('unreleased', delta, r.inst, r.ref, r.at, array_fill(0, ARRAY[cardinality(r.inst)])); END IF;
  ELSIF rows_kind = 'panels' THEN
    SELECT array_agg(x.institution_id) AS inst, array_agg(x.panel_id) AS ref, array_agg(x.created_date) AS at, array_agg(oo.payment_category_id) AS pay INTO r
    FROM unnest(p) x JOIN lims_orders oo ON oo.id = x.lims_order_id AND oo.is_enabled WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('panel', delta, r.inst, r.ref, r.at, r.pay); END IF;
    SELECT array_agg(x.institution_id) AS inst, array_agg(x.panel_id) AS ref, array_agg(x.created_date) AS at INTO r
    FROM unnest(p) x JOIN lims_orders oo ON oo.id = x.lims_order_id AND oo.is_enabled WHERE x.is_enabled AND x.has_unreleased;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('unreleased', delta, r.inst, r.ref, r.at, array_fill(0, ARRAY[cardinality(r.inst)])); END IF;
    SELECT array_agg(tt.institution_id) AS inst, array_agg(tt.test_id) AS ref, array_agg(tt.created_date) AS at, array_agg(oo.payment_category_id) AS pay INTO r
    FROM unnest(p) x JOIN lims_ordered_tests tt ON tt.lims_ordered_panel_id = x.id AND tt.is_enabled JOIN lims_orders oo ON oo.id = tt.lims_order_id AND oo.is_enabled
    WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('test', delta, r.inst, r.ref, r.at, r.pay); END IF;
  ELSE
    SELECT array_agg(op.institution_id) AS inst, array_agg(op.panel_id) AS ref, array_agg(op.created_date) AS at, array_agg(x.payment_category_id) AS pay INTO r
    FROM unnest(o) x JOIN lims_ordered_panels op ON op.lims_order_id = x.id AND op.is_enabled WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('panel', delta, r.inst, r.ref, r.at, r.pay); END IF;
    SELECT array_agg(op.institution_id) AS inst, array_agg(op.panel_id) AS ref, array_agg(op.created_date) AS at INTO r
    FROM unnest(o) x JOIN lims_ordered_panels op ON op.lims_order_id = x.id AND op.is_enabled AND op.has_unreleased WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('unreleased', delta, r.inst, r.ref, r.at, array_fill(0, ARRAY[cardinality(r.inst)])); END IF;
    SELECT array_agg(tt.institution_id) AS inst, array_agg(tt.test_id) AS ref, array_agg(tt.created_date) AS at, array_agg(x.payment_category_id) AS pay INTO r
    FROM unnest(o) x JOIN lims_ordered_tests tt ON tt.lims_order_id = x.id AND tt.is_enabled JOIN lims_ordered_panels op ON op.id = tt.lims_ordered_panel_id AND op.is_enabled
    WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('test', delta, r.inst, r.ref, r.at, r.pay); END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_daily_counts_panels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_daily_counts_of('panels', 1, null, ARRAY(SELECT n::lims_ordered_panels FROM new_rows n), null);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_daily_counts_of('panels', -1, null, ARRAY(SELECT o::lims_ordered_panels FROM old_rows o), null);
  ELSE
    PERFORM report_daily_counts_of('panels', -1, null, ARRAY(SELECT o::lims_ordered_panels FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.institution_id, o.panel_id, o.created_date, o.is_enabled, o.lims_order_id) IS DISTINCT FROM (n.institution_id, n.panel_id, n.created_date, n.is_enabled, n.lims_order_id)), null);
    PERFORM report_daily_counts_of('panels', 1, null, ARRAY(SELECT n::lims_ordered_panels FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.institution_id, o.panel_id, o.created_date, o.is_enabled, o.lims_order_id) IS DISTINCT FROM (n.institution_id, n.panel_id, n.created_date, n.is_enabled, n.lims_order_id)), null);
    -- A release (or a new test) that changed only the flag: its 'unreleased' count alone.
    PERFORM report_daily_counts_of('unreleased', -1, null, ARRAY(SELECT o::lims_ordered_panels FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.institution_id, o.panel_id, o.created_date, o.is_enabled, o.lims_order_id) IS NOT DISTINCT FROM (n.institution_id, n.panel_id, n.created_date, n.is_enabled, n.lims_order_id)
        AND o.has_unreleased IS DISTINCT FROM n.has_unreleased), null);
    PERFORM report_daily_counts_of('unreleased', 1, null, ARRAY(SELECT n::lims_ordered_panels FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.institution_id, o.panel_id, o.created_date, o.is_enabled, o.lims_order_id) IS NOT DISTINCT FROM (n.institution_id, n.panel_id, n.created_date, n.is_enabled, n.lims_order_id)
        AND o.has_unreleased IS DISTINCT FROM n.has_unreleased), null);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The panels already stored. Idempotent (the kind's rows are replaced): a database where this migration was
-- applied by hand and is then migrated again under a renumbered name ends with the same counts.
DELETE FROM report_daily_counts WHERE kind = 'unreleased';
--> statement-breakpoint
INSERT INTO report_daily_counts (institution_id, kind, ref_id, day, payment_category_id, n)
SELECT op.institution_id, 'unreleased', op.panel_id, (op.created_date AT TIME ZONE 'UTC')::date, 0, count(*)
FROM lims_ordered_panels op JOIN lims_orders o ON o.id = op.lims_order_id AND o.is_enabled
WHERE op.is_enabled AND op.has_unreleased GROUP BY 1, 2, 3, 4;
