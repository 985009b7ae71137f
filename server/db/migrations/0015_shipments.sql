CREATE TABLE "shipment_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"collected_sample_id" integer NOT NULL,
	"specimen_type_id" integer NOT NULL,
	"amount" double precision NOT NULL,
	"unit_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"processed_by_id" integer,
	"processed_at" timestamp with time zone,
	"creator_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"concurrency_stamp" text NOT NULL,
	CONSTRAINT "shipment_items_status_ck" CHECK ("shipment_items"."status" in ('pending', 'received', 'rejected', 'cancelled')),
	CONSTRAINT "shipment_items_reason_ck" CHECK ("shipment_items"."status" <> 'rejected' or "shipment_items"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"sending_institution_site_id" integer NOT NULL,
	"receiving_institution_id" integer NOT NULL,
	"receiving_institution_site_id" integer NOT NULL,
	"name" text NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"shipped_date" date NOT NULL,
	"shipped_time" text NOT NULL,
	"status" text NOT NULL,
	"include_donor_identity" boolean DEFAULT false NOT NULL,
	"collection_protocol_id" integer,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "shipments_status_ck" CHECK ("shipments"."status" in ('draft', 'shipped', 'partially_received', 'received', 'cancelled')),
	CONSTRAINT "shipments_other_institution_ck" CHECK ("shipments"."institution_id" <> "shipments"."receiving_institution_id")
);
--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_collected_sample_id_collected_samples_id_fk" FOREIGN KEY ("collected_sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_items_shipment_idx" ON "shipment_items" USING btree ("shipment_id","id");--> statement-breakpoint
CREATE INDEX "shipment_items_sample_idx" ON "shipment_items" USING btree ("collected_sample_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_items_open_uq" ON "shipment_items" USING btree ("collected_sample_id") WHERE "shipment_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "shipments_sender_idx" ON "shipments" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "shipments_receiver_idx" ON "shipments" USING btree ("receiving_institution_id","id");