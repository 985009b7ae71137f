CREATE TABLE "submitted_answer_keys" (
	"institution_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"prompt" text NOT NULL,
	"value" text NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"patient_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"is_enabled" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_counts" (
	"institution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"day" date NOT NULL,
	"payment_category_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_daily_counts_pk" PRIMARY KEY("institution_id","kind","day","ref_id","payment_category_id")
);
--> statement-breakpoint
CREATE INDEX "submitted_answer_keys_match_idx" ON "submitted_answer_keys" USING btree ("institution_id","protocol_id","prompt","value","created_date","patient_id","submission_id") WHERE "submitted_answer_keys"."is_enabled";--> statement-breakpoint
CREATE INDEX "submitted_answer_keys_answer_idx" ON "submitted_answer_keys" USING btree ("submission_id","field_id");