-- Custody stored once on the sample (issue 29 item 2, docs/shipments.md "Custody"): who holds the tube and
-- whether it is in an open shipment. Until now it was derived from shipment_items in three places; the
-- backfill applies that rule once, so existing samples keep their meaning.
ALTER TABLE "collected_samples" ADD COLUMN "held_by_institution_id" integer;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD COLUMN "custody_status" text DEFAULT 'held' NOT NULL;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD COLUMN "custody_shipment_id" integer;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD COLUMN "custody_shipment_name" text;--> statement-breakpoint
-- Held by the receiver when its latest non-cancelled shipment item was received, else by its owner.
UPDATE "collected_samples" s SET "held_by_institution_id" = coalesce((
  select case when i.status = 'received' then sh.receiving_institution_id end
  from shipment_items i join shipments sh on sh.id = i.shipment_id
  where i.collected_sample_id = s.id and i.status <> 'cancelled' order by i.id desc limit 1), s.institution_id);--> statement-breakpoint
-- In an open shipment while it has a pending item (at most one: shipment_items_open_uq): packed in a draft, else in transit.
UPDATE "collected_samples" s SET "custody_status" = case when sh.status = 'draft' then 'packed' else 'in_transit' end,
  "custody_shipment_id" = sh.id, "custody_shipment_name" = sh.name
  from shipment_items i join shipments sh on sh.id = i.shipment_id
  where i.collected_sample_id = s.id and i.status = 'pending';--> statement-breakpoint
ALTER TABLE "collected_samples" ALTER COLUMN "held_by_institution_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "collected_samples_held_elsewhere_idx" ON "collected_samples" USING btree ("held_by_institution_id",lower("sample_id")) WHERE "collected_samples"."held_by_institution_id" <> "collected_samples"."institution_id";--> statement-breakpoint
ALTER TABLE "collected_samples" ADD CONSTRAINT "collected_samples_custody_ck" CHECK ("collected_samples"."custody_status" in ('held', 'packed', 'in_transit')
    and ("collected_samples"."custody_status" = 'held') = ("collected_samples"."custody_shipment_id" is null) and ("collected_samples"."custody_shipment_id" is null) = ("collected_samples"."custody_shipment_name" is null));
