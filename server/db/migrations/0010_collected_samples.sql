CREATE TABLE "collected_sample_id_counters" (
	"institution_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "collected_sample_id_counters_institution_id_prefix_pk" PRIMARY KEY("institution_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "collected_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collected_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer NOT NULL,
	"collection_protocol_event_id" integer NOT NULL,
	"sample_id" text NOT NULL,
	"kind" text NOT NULL,
	"specimen_type_id" integer NOT NULL,
	"collected_amount" double precision NOT NULL,
	"remaining_amount" double precision NOT NULL,
	"unit_id" integer NOT NULL,
	"collected_date" date NOT NULL,
	"collected_time" text NOT NULL,
	"parent_id" integer,
	"is_subsample" boolean DEFAULT false NOT NULL,
	"sub_sample_lineage_id" integer,
	"parent_amount_used" double precision,
	CONSTRAINT "collected_samples_remaining_ck" CHECK ("collected_samples"."remaining_amount" >= 0 and "collected_samples"."remaining_amount" <= "collected_samples"."collected_amount"),
	CONSTRAINT "collected_samples_collected_ck" CHECK ("collected_samples"."collected_amount" >= 0),
	CONSTRAINT "collected_samples_kind_ck" CHECK ("collected_samples"."kind" in ('primary', 'aliquot', 'derivative'))
);
--> statement-breakpoint
CREATE TABLE "sample_draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"sample_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" double precision NOT NULL,
	"unit_id" integer NOT NULL,
	"reason" text,
	"child_sample_id" integer,
	"creator_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_draws_kind_ck" CHECK ("sample_draws"."kind" in ('aliquot', 'derivative', 'adjustment')),
	CONSTRAINT "sample_draws_reason_ck" CHECK ("sample_draws"."kind" <> 'adjustment' or "sample_draws"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "sample_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"sample_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"creator_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collected_samples" ADD CONSTRAINT "collected_samples_collection_protocol_id_collection_protocols_id_fk" FOREIGN KEY ("collection_protocol_id") REFERENCES "public"."collection_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD CONSTRAINT "collected_samples_participant_id_collection_protocol_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."collection_protocol_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD CONSTRAINT "collected_samples_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collected_samples" ADD CONSTRAINT "collected_samples_parent_id_collected_samples_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_draws" ADD CONSTRAINT "sample_draws_sample_id_collected_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_draws" ADD CONSTRAINT "sample_draws_child_sample_id_collected_samples_id_fk" FOREIGN KEY ("child_sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_events" ADD CONSTRAINT "sample_events_sample_id_collected_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collected_samples_sample_id_uq" ON "collected_samples" USING btree ("institution_id",lower("sample_id"));--> statement-breakpoint
CREATE INDEX "collected_samples_protocol_idx" ON "collected_samples" USING btree ("collection_protocol_id","id");--> statement-breakpoint
CREATE INDEX "collected_samples_patient_idx" ON "collected_samples" USING btree ("institution_id","patient_id");--> statement-breakpoint
CREATE INDEX "collected_samples_parent_idx" ON "collected_samples" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "collected_samples_date_idx" ON "collected_samples" USING btree ("collection_protocol_id","collected_date");--> statement-breakpoint
CREATE INDEX "sample_draws_sample_idx" ON "sample_draws" USING btree ("sample_id","id");--> statement-breakpoint
CREATE INDEX "sample_events_sample_idx" ON "sample_events" USING btree ("sample_id","id");