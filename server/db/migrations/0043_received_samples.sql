CREATE TABLE "sample_origins" (
	"sample_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"source_sample_id" integer,
	"source_institution_id" integer,
	"source_institution" text NOT NULL,
	"source_installation" text,
	"sender_sample_code" text NOT NULL,
	"shipment_id" integer NOT NULL,
	"shipment_item_id" integer NOT NULL,
	"donor_code" text,
	"consent_state" text DEFAULT 'usable' NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collected_samples" ALTER COLUMN "collection_protocol_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "collected_samples" ALTER COLUMN "participant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "collected_samples" ALTER COLUMN "patient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "collected_samples" ALTER COLUMN "institution_site_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "collected_samples" ALTER COLUMN "collection_protocol_event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD COLUMN "origin" text DEFAULT 'collected' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD COLUMN "received_sample_id" integer;--> statement-breakpoint
ALTER TABLE "sample_origins" ADD CONSTRAINT "sample_origins_sample_id_collected_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_origins" ADD CONSTRAINT "sample_origins_source_sample_id_collected_samples_id_fk" FOREIGN KEY ("source_sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sample_origins_item_uq" ON "sample_origins" USING btree ("shipment_item_id");--> statement-breakpoint
CREATE INDEX "sample_origins_source_idx" ON "sample_origins" USING btree ("source_sample_id");--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_received_sample_id_collected_samples_id_fk" FOREIGN KEY ("received_sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD CONSTRAINT "collected_samples_origin_ck" CHECK ("collected_samples"."origin" = 'received' or ("collected_samples"."origin" = 'collected' and "collected_samples"."collection_protocol_id" is not null
    and "collected_samples"."participant_id" is not null and "collected_samples"."patient_id" is not null and "collected_samples"."institution_site_id" is not null
    and "collected_samples"."collection_protocol_event_id" is not null));