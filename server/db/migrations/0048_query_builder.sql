CREATE TABLE "saved_queries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"owner_id" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"distribution_protocol_id" integer,
	"group_by" text
);
--> statement-breakpoint
ALTER TABLE "saved_queries" ADD CONSTRAINT "saved_queries_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD CONSTRAINT "saved_queries_distribution_protocol_id_distribution_protocols_id_fk" FOREIGN KEY ("distribution_protocol_id") REFERENCES "public"."distribution_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_queries_inst_idx" ON "saved_queries" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "lims_ordered_tests_test_idx" ON "lims_ordered_tests" USING btree ("institution_id","test_id","lims_order_id");--> statement-breakpoint
CREATE INDEX "collected_samples_type_idx" ON "collected_samples" USING btree ("institution_id","specimen_type_id");--> statement-breakpoint
CREATE INDEX "collected_samples_inst_date_idx" ON "collected_samples" USING btree ("institution_id","collected_date");--> statement-breakpoint
CREATE INDEX "submitted_answer_keys_field_idx" ON "submitted_answer_keys" USING btree ("institution_id","field_id","value","patient_id") WHERE "submitted_answer_keys"."is_enabled";