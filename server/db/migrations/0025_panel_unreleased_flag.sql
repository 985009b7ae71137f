ALTER TABLE "lims_ordered_panels" ADD COLUMN "has_unreleased" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Existing panels: released unless an enabled test of theirs is not released (what release-state.ts keeps from now on).
UPDATE "lims_ordered_panels" op SET "has_unreleased" = false WHERE NOT EXISTS (SELECT 1 FROM "lims_ordered_tests" t
  JOIN "lims_ordered_test_results" res ON res."lims_ordered_test_id" = t."id"
  JOIN "lims_ordered_test_result_releases" r ON r."lims_ordered_test_result_id" = res."id"
  WHERE t."lims_ordered_panel_id" = op."id" AND t."is_enabled" AND NOT r."is_released");--> statement-breakpoint
CREATE INDEX "lims_ordered_panels_unreleased_idx" ON "lims_ordered_panels" USING btree ("institution_id","created_date","id","lims_order_id") WHERE "lims_ordered_panels"."is_enabled" and "lims_ordered_panels"."has_unreleased";