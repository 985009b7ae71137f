CREATE TABLE "collection_protocol_form_field_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_form_field_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text NOT NULL,
	"ordinal" integer NOT NULL,
	"selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_form_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_form_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"data_type_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"prompt" text NOT NULL,
	"placeholder" text,
	"response_title" text NOT NULL,
	"ordinal" integer NOT NULL,
	"on_new_line" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"required_message" text,
	"has_validation" boolean DEFAULT false NOT NULL,
	"regular_expression" text,
	"regular_expression_message" text,
	"orientation" text
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_form_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_form_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"current_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submitted_collection_protocol_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submitted_collection_protocol_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer NOT NULL,
	"sample_id" text
);
--> statement-breakpoint
CREATE TABLE "submitted_collection_protocol_form_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submitted_collection_protocol_form_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"prompt" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_protocol_form_field_options" ADD CONSTRAINT "collection_protocol_form_field_options_field_id_collection_protocol_form_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."collection_protocol_form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_form_fields" ADD CONSTRAINT "collection_protocol_form_fields_form_id_collection_protocol_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."collection_protocol_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_form_versions" ADD CONSTRAINT "collection_protocol_form_versions_form_id_collection_protocol_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."collection_protocol_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_collection_protocol_forms" ADD CONSTRAINT "submitted_collection_protocol_forms_form_id_collection_protocol_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."collection_protocol_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_collection_protocol_forms" ADD CONSTRAINT "submitted_collection_protocol_forms_version_id_collection_protocol_form_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."collection_protocol_form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_collection_protocol_form_values" ADD CONSTRAINT "submitted_collection_protocol_form_values_submission_id_submitted_collection_protocol_forms_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submitted_collection_protocol_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_collection_protocol_form_values" ADD CONSTRAINT "submitted_collection_protocol_form_values_field_id_collection_protocol_form_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."collection_protocol_form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_protocol_form_field_options_field_idx" ON "collection_protocol_form_field_options" USING btree ("field_id","ordinal","id");--> statement-breakpoint
CREATE INDEX "collection_protocol_form_fields_form_idx" ON "collection_protocol_form_fields" USING btree ("form_id","ordinal","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocol_form_versions_uq" ON "collection_protocol_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "collection_protocol_forms_protocol_idx" ON "collection_protocol_forms" USING btree ("institution_id","collection_protocol_id","id");--> statement-breakpoint
CREATE INDEX "collection_protocol_forms_name_idx" ON "collection_protocol_forms" USING btree ("institution_id",lower("name"));--> statement-breakpoint
CREATE INDEX "submitted_forms_form_idx" ON "submitted_collection_protocol_forms" USING btree ("form_id","created_date","id");--> statement-breakpoint
CREATE INDEX "submitted_forms_patient_idx" ON "submitted_collection_protocol_forms" USING btree ("institution_id","patient_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "submitted_values_uq" ON "submitted_collection_protocol_form_values" USING btree ("submission_id","field_id");