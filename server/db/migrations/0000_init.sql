CREATE TABLE "account_institutions" (
	"account_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	CONSTRAINT "account_institutions_account_id_institution_id_pk" PRIMARY KEY("account_id","institution_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"user_name" text NOT NULL,
	"phone_number" text,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_name" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"address" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "institution_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institution_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer,
	"institution_id" integer,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "anatomic_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "anatomic_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_event_unit_of_measurements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_event_unit_of_measurements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"unit_name" text NOT NULL,
	"unit_symbol" text NOT NULL,
	"description" text NOT NULL,
	"to_minute_conversion_rate" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL,
	"has_validation" boolean DEFAULT false NOT NULL,
	"data_type_validation" text
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL,
	"is_sub_department" boolean DEFAULT false NOT NULL,
	"parent_department_id" integer
);
--> statement-breakpoint
CREATE TABLE "ethnicities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ethnicities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "genders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labeling_schemas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labeling_schemas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marital_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marital_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pathological_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pathological_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_number_type_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_number_type_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_number_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_number_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"phone_number_type_category_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_labeling_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "position_labeling_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "priorities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "priorities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "races_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specimen_collection_procedures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "specimen_collection_procedures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specimen_type_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "specimen_type_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specimen_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "specimen_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"specimen_type_category_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL,
	"unit_of_measurement_id" integer,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_sample_lineages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_sample_lineages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_of_measurement_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_of_measurement_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text,
	"quantity_symbol" text NOT NULL,
	"dimension_symbol" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_of_measurements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_of_measurements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"unit_of_measurement_type_id" integer,
	"unit_name" text NOT NULL,
	"unit_symbol" text NOT NULL,
	"code" text,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vital_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vital_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_institutions" ADD CONSTRAINT "account_institutions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_sites" ADD CONSTRAINT "institution_sites_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_institutions_inst_idx" ON "account_institutions" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_name_uq" ON "accounts" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "accounts_search_idx" ON "accounts" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("user_name","at");--> statement-breakpoint
CREATE INDEX "login_attempts_address_idx" ON "login_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_sites_title_uq" ON "institution_sites" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "institution_sites_inst_idx" ON "institution_sites" USING btree ("institution_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_title_uq" ON "institutions" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("institution_id","entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_inst_idx" ON "audit_events" USING btree ("institution_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "anatomic_sites_title_uq" ON "anatomic_sites" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "anatomic_sites_inst_idx" ON "anatomic_sites" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocol_event_unit_of_measurements_title_uq" ON "collection_protocol_event_unit_of_measurements" USING btree ("institution_id",lower("unit_name"));--> statement-breakpoint
CREATE INDEX "collection_protocol_event_unit_of_measurements_inst_idx" ON "collection_protocol_event_unit_of_measurements" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_types_title_uq" ON "data_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "data_types_inst_idx" ON "data_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_title_uq" ON "departments" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "departments_inst_idx" ON "departments" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ethnicities_title_uq" ON "ethnicities" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "ethnicities_inst_idx" ON "ethnicities" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "genders_title_uq" ON "genders" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "genders_inst_idx" ON "genders" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "labeling_schemas_title_uq" ON "labeling_schemas" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "labeling_schemas_inst_idx" ON "labeling_schemas" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marital_statuses_title_uq" ON "marital_statuses" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "marital_statuses_inst_idx" ON "marital_statuses" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pathological_statuses_title_uq" ON "pathological_statuses" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "pathological_statuses_inst_idx" ON "pathological_statuses" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_types_title_uq" ON "patient_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "patient_types_inst_idx" ON "patient_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_categories_title_uq" ON "payment_categories" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "payment_categories_inst_idx" ON "payment_categories" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_number_type_categories_title_uq" ON "phone_number_type_categories" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "phone_number_type_categories_inst_idx" ON "phone_number_type_categories" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_number_types_title_uq" ON "phone_number_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "phone_number_types_inst_idx" ON "phone_number_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE INDEX "phone_number_types_parent_idx" ON "phone_number_types" USING btree ("phone_number_type_category_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "position_labeling_options_title_uq" ON "position_labeling_options" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "position_labeling_options_inst_idx" ON "position_labeling_options" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "priorities_title_uq" ON "priorities" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "priorities_inst_idx" ON "priorities" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "races_title_uq" ON "races" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "races_inst_idx" ON "races" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_collection_procedures_title_uq" ON "specimen_collection_procedures" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "specimen_collection_procedures_inst_idx" ON "specimen_collection_procedures" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_type_categories_title_uq" ON "specimen_type_categories" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "specimen_type_categories_inst_idx" ON "specimen_type_categories" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_types_title_uq" ON "specimen_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "specimen_types_inst_idx" ON "specimen_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE INDEX "specimen_types_parent_idx" ON "specimen_types" USING btree ("specimen_type_category_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_sample_lineages_title_uq" ON "sub_sample_lineages" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "sub_sample_lineages_inst_idx" ON "sub_sample_lineages" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_of_measurement_types_title_uq" ON "unit_of_measurement_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "unit_of_measurement_types_inst_idx" ON "unit_of_measurement_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_of_measurements_title_uq" ON "unit_of_measurements" USING btree ("institution_id",lower("unit_name"));--> statement-breakpoint
CREATE INDEX "unit_of_measurements_inst_idx" ON "unit_of_measurements" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE INDEX "unit_of_measurements_parent_idx" ON "unit_of_measurements" USING btree ("unit_of_measurement_type_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vital_statuses_title_uq" ON "vital_statuses" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "vital_statuses_inst_idx" ON "vital_statuses" USING btree ("institution_id","is_enabled","id");