CREATE TABLE "institution_signing_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institution_signing_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"key_id" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"retired_date" timestamp with time zone,
	CONSTRAINT "institution_signing_keys_status_ck" CHECK ("institution_signing_keys"."status" in ('active', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "signed_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signed_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"shipment_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"key_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_documents_kind_ck" CHECK ("signed_documents"."kind" in ('manifest', 'receipt'))
);
--> statement-breakpoint
CREATE TABLE "trusted_partner_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trusted_partner_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"installation" text,
	"key_id" text NOT NULL,
	"key_status" text NOT NULL,
	"public_key" text NOT NULL,
	CONSTRAINT "trusted_partner_keys_status_ck" CHECK ("trusted_partner_keys"."key_status" in ('active', 'retired'))
);
--> statement-breakpoint
ALTER TABLE "institution_signing_keys" ADD CONSTRAINT "institution_signing_keys_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_partner_keys" ADD CONSTRAINT "trusted_partner_keys_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_signing_keys_key_uq" ON "institution_signing_keys" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_signing_keys_active_uq" ON "institution_signing_keys" USING btree ("institution_id") WHERE "institution_signing_keys"."status" = 'active';--> statement-breakpoint
CREATE INDEX "signed_documents_lookup_idx" ON "signed_documents" USING btree ("institution_id","kind","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_partner_keys_uq" ON "trusted_partner_keys" USING btree ("institution_id","key_id");