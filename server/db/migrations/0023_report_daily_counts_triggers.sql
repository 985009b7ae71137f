-- The usage and summary reports' daily roll-up (report_daily_counts, docs/reports.md) is kept by these
-- triggers only: every insert, update or delete of orders, ordered panels or ordered tests takes away
-- the old rows' contribution and adds the new rows' one, in the same statement. An ordered test
-- counts when it, its ordered panel and its order are enabled; an ordered panel when it and its order
-- are; under the UTC day it was ordered and its order's payment category (0: none).
CREATE FUNCTION report_daily_counts_add(kind text, delta int, inst int[], ref int[], ts timestamptz[], pay int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily_counts AS c (institution_id, kind, ref_id, day, payment_category_id, n)
  SELECT x.inst, kind, x.ref, (x.ts AT TIME ZONE 'UTC')::date, coalesce(x.pay, 0), sum(delta)
  FROM unnest(inst, ref, ts, pay) AS x(inst, ref, ts, pay)
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 4, 3, 5
  ON CONFLICT (institution_id, kind, day, ref_id, payment_category_id) DO UPDATE SET n = c.n + excluded.n;
$$;
--> statement-breakpoint
-- What the given ordered tests, ordered panels or orders count, with the sign given (+1 new rows, -1 old rows).
CREATE FUNCTION report_daily_counts_of(rows_kind text, delta int, t lims_ordered_tests[], p lims_ordered_panels[], o lims_orders[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF rows_kind = 'tests' THEN
    SELECT array_agg(x.institution_id) AS inst, array_agg(x.test_id) AS ref, array_agg(x.created_date) AS at, array_agg(oo.payment_category_id) AS pay INTO r
    FROM unnest(t) x JOIN lims_ordered_panels op ON op.id = x.lims_ordered_panel_id AND op.is_enabled JOIN lims_orders oo ON oo.id = x.lims_order_id AND oo.is_enabled
    WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('test', delta, r.inst, r.ref, r.at, r.pay); END IF;
  ELSIF rows_kind = 'panels' THEN
    SELECT array_agg(x.institution_id) AS inst, array_agg(x.panel_id) AS ref, array_agg(x.created_date) AS at, array_agg(oo.payment_category_id) AS pay INTO r
    FROM unnest(p) x JOIN lims_orders oo ON oo.id = x.lims_order_id AND oo.is_enabled WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('panel', delta, r.inst, r.ref, r.at, r.pay); END IF;
    SELECT array_agg(tt.institution_id) AS inst, array_agg(tt.test_id) AS ref, array_agg(tt.created_date) AS at, array_agg(oo.payment_category_id) AS pay INTO r
    FROM unnest(p) x JOIN lims_ordered_tests tt ON tt.lims_ordered_panel_id = x.id AND tt.is_enabled JOIN lims_orders oo ON oo.id = tt.lims_order_id AND oo.is_enabled
    WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('test', delta, r.inst, r.ref, r.at, r.pay); END IF;
  ELSE
    SELECT array_agg(op.institution_id) AS inst, array_agg(op.panel_id) AS ref, array_agg(op.created_date) AS at, array_agg(x.payment_category_id) AS pay INTO r
    FROM unnest(o) x JOIN lims_ordered_panels op ON op.lims_order_id = x.id AND op.is_enabled WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('panel', delta, r.inst, r.ref, r.at, r.pay); END IF;
    SELECT array_agg(tt.institution_id) AS inst, array_agg(tt.test_id) AS ref, array_agg(tt.created_date) AS at, array_agg(x.payment_category_id) AS pay INTO r
    FROM unnest(o) x JOIN lims_ordered_tests tt ON tt.lims_order_id = x.id AND tt.is_enabled JOIN lims_ordered_panels op ON op.id = tt.lims_ordered_panel_id AND op.is_enabled
    WHERE x.is_enabled;
    IF r.inst IS NOT NULL THEN PERFORM report_daily_counts_add('test', delta, r.inst, r.ref, r.at, r.pay); END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_daily_counts_tests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_daily_counts_of('tests', 1, ARRAY(SELECT n::lims_ordered_tests FROM new_rows n), null, null);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_daily_counts_of('tests', -1, ARRAY(SELECT o::lims_ordered_tests FROM old_rows o), null, null);
  ELSE
    -- Only rows whose counted columns changed.
    PERFORM report_daily_counts_of('tests', -1, ARRAY(SELECT o::lims_ordered_tests FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.institution_id, o.test_id, o.created_date, o.is_enabled, o.lims_order_id, o.lims_ordered_panel_id) IS DISTINCT FROM (n.institution_id, n.test_id, n.created_date, n.is_enabled, n.lims_order_id, n.lims_ordered_panel_id)), null, null);
    PERFORM report_daily_counts_of('tests', 1, ARRAY(SELECT n::lims_ordered_tests FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.institution_id, o.test_id, o.created_date, o.is_enabled, o.lims_order_id, o.lims_ordered_panel_id) IS DISTINCT FROM (n.institution_id, n.test_id, n.created_date, n.is_enabled, n.lims_order_id, n.lims_ordered_panel_id)), null, null);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_daily_counts_panels() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_daily_counts_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_daily_counts_of('orders', -1, null, null, ARRAY(SELECT o::lims_orders FROM old_rows o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM report_daily_counts_of('orders', -1, null, null, ARRAY(SELECT o::lims_orders FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.is_enabled, o.payment_category_id) IS DISTINCT FROM (n.is_enabled, n.payment_category_id)));
    PERFORM report_daily_counts_of('orders', 1, null, null, ARRAY(SELECT n::lims_orders FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.is_enabled, o.payment_category_id) IS DISTINCT FROM (n.is_enabled, n.payment_category_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_insert AFTER INSERT ON lims_ordered_tests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_tests();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_update AFTER UPDATE ON lims_ordered_tests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_tests();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_delete AFTER DELETE ON lims_ordered_tests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_tests();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_insert AFTER INSERT ON lims_ordered_panels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_panels();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_update AFTER UPDATE ON lims_ordered_panels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_panels();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_delete AFTER DELETE ON lims_ordered_panels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_panels();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_update AFTER UPDATE ON lims_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_orders();
--> statement-breakpoint
CREATE TRIGGER report_daily_counts_on_delete AFTER DELETE ON lims_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_counts_orders();
--> statement-breakpoint
-- The orders already stored.
INSERT INTO report_daily_counts (institution_id, kind, ref_id, day, payment_category_id, n)
SELECT t.institution_id, 'test', t.test_id, (t.created_date AT TIME ZONE 'UTC')::date, coalesce(o.payment_category_id, 0), count(*)
FROM lims_ordered_tests t JOIN lims_ordered_panels op ON op.id = t.lims_ordered_panel_id AND op.is_enabled JOIN lims_orders o ON o.id = t.lims_order_id AND o.is_enabled
WHERE t.is_enabled GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_daily_counts (institution_id, kind, ref_id, day, payment_category_id, n)
SELECT op.institution_id, 'panel', op.panel_id, (op.created_date AT TIME ZONE 'UTC')::date, coalesce(o.payment_category_id, 0), count(*)
FROM lims_ordered_panels op JOIN lims_orders o ON o.id = op.lims_order_id AND o.is_enabled
WHERE op.is_enabled GROUP BY 1, 2, 3, 4, 5;
