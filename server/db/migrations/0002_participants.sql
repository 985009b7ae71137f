CREATE TABLE "patient_ethnicities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_ethnicities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer,
	"ethnicity_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_mrns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_mrns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer,
	"mrn" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_phone_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_phone_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer,
	"phone_number_type_id" integer NOT NULL,
	"phone_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_races" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_races_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer,
	"race_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"father_name" text NOT NULL,
	"grand_father_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"birth_time" text NOT NULL,
	"death_date" date,
	"social_security_number" text,
	"external_subject_id" text,
	"patient_type_id" integer NOT NULL,
	"gender_id" integer NOT NULL,
	"marital_status_id" integer NOT NULL,
	"vital_status_id" integer NOT NULL,
	"institution_site_id" integer
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "local_phone_rule" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_ethnicities" ADD CONSTRAINT "patient_ethnicities_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_mrns" ADD CONSTRAINT "patient_mrns_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_phone_numbers" ADD CONSTRAINT "patient_phone_numbers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_races" ADD CONSTRAINT "patient_races_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_ethnicities_unique" ON "patient_ethnicities" USING btree ("patient_id","ethnicity_id") WHERE "patient_ethnicities"."is_enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "patient_mrns_unique" ON "patient_mrns" USING btree ("institution_id",coalesce("institution_site_id", 0),lower("mrn"));--> statement-breakpoint
CREATE INDEX "patient_mrns_prefix_idx" ON "patient_mrns" USING btree ("institution_id",lower("mrn") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_mrns_patient_idx" ON "patient_mrns" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_phone_numbers_unique" ON "patient_phone_numbers" USING btree ("patient_id","phone_number") WHERE "patient_phone_numbers"."is_enabled";--> statement-breakpoint
CREATE INDEX "patient_phone_numbers_lookup_idx" ON "patient_phone_numbers" USING btree ("institution_id","phone_number" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "patient_races_unique" ON "patient_races" USING btree ("patient_id","race_id") WHERE "patient_races"."is_enabled";--> statement-breakpoint
CREATE INDEX "patients_inst_idx" ON "patients" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "patients_first_name_idx" ON "patients" USING btree (institution_id,lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_father_name_idx" ON "patients" USING btree (institution_id,lower("father_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_grand_father_name_idx" ON "patients" USING btree (institution_id,lower("grand_father_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_external_id_idx" ON "patients" USING btree (institution_id,lower("external_subject_id") text_pattern_ops);