ALTER TABLE "shipment_items" DROP CONSTRAINT "shipment_items_reason_ck";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "sends_on_first_item" boolean DEFAULT false NOT NULL;