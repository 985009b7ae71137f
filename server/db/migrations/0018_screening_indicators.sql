CREATE TABLE "indicator_definitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "indicator_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"report" text NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text NOT NULL,
	"protocol_abbreviation" text NOT NULL,
	"field_prompt" text,
	"matching_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"count_mode" text NOT NULL,
	"remark" text,
	"rule_source" text NOT NULL,
	"note" text,
	"updater_id" integer,
	CONSTRAINT "indicator_definitions_report_ck" CHECK ("indicator_definitions"."report" in ('breast', 'cervical')),
	CONSTRAINT "indicator_definitions_count_mode_ck" CHECK ("indicator_definitions"."count_mode" in ('patients', 'submissions')),
	CONSTRAINT "indicator_definitions_rule_source_ck" CHECK ("indicator_definitions"."rule_source" in ('spec', 'suggested'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "indicator_definitions_report_ordinal_uq" ON "indicator_definitions" USING btree ("institution_id","report","ordinal");--> statement-breakpoint
CREATE INDEX "indicator_definitions_inst_idx" ON "indicator_definitions" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "submitted_forms_protocol_date_idx" ON "submitted_collection_protocol_forms" USING btree ("institution_id","collection_protocol_id","created_date");