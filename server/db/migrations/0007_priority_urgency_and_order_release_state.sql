ALTER TABLE "priorities" ADD COLUMN "urgency" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lims_orders" ADD COLUMN "release_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "lims_orders_release_idx" ON "lims_orders" USING btree ("institution_id","release_rank","id");--> statement-breakpoint
-- Existing institutions keep their seeded priorities: mark Urgent and STAT so the orders list sorts and flags them.
UPDATE "priorities" SET "urgency" = CASE lower("title") WHEN 'stat' THEN 2 ELSE 1 END WHERE lower("title") IN ('urgent', 'stat');--> statement-breakpoint
-- Existing orders get their release state (server/modules/orders/release-state.ts computes the same).
UPDATE "lims_orders" o SET "release_rank" = s.rank FROM (
  SELECT t.lims_order_id AS id, CASE WHEN count(*) FILTER (WHERE r.is_released) = 0 THEN 0 WHEN bool_and(r.is_released) THEN 2 ELSE 1 END AS rank
  FROM lims_ordered_tests t
  JOIN lims_ordered_panels op ON op.id = t.lims_ordered_panel_id AND op.is_enabled
  JOIN lims_ordered_test_results res ON res.lims_ordered_test_id = t.id
  JOIN lims_ordered_test_result_releases r ON r.lims_ordered_test_result_id = res.id
  WHERE t.is_enabled GROUP BY t.lims_order_id
) s WHERE o.id = s.id AND o.release_rank <> s.rank;
