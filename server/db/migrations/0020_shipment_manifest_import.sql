ALTER TABLE "shipments" DROP CONSTRAINT "shipments_other_institution_ck";--> statement-breakpoint
ALTER TABLE "shipment_items" ALTER COLUMN "collected_sample_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_items" ALTER COLUMN "specimen_type_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_items" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "sending_institution_site_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD COLUMN "external_sample" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "external_sender" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "manifest_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_manifest_uq" ON "shipments" USING btree ("receiving_institution_id","manifest_sha256") WHERE "shipments"."manifest_sha256" is not null;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_sample_ck" CHECK (("shipment_items"."collected_sample_id" is not null and "shipment_items"."specimen_type_id" is not null and "shipment_items"."unit_id" is not null) or "shipment_items"."external_sample" is not null);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_sending_site_ck" CHECK ("shipments"."sending_institution_site_id" is not null or "shipments"."external_sender" is not null);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_other_institution_ck" CHECK ("shipments"."institution_id" <> "shipments"."receiving_institution_id" or "shipments"."external_sender" is not null);