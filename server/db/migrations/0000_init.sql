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
CREATE TABLE "buildings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buildings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"facility_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
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
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"room_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
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
CREATE TABLE "facilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "facilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "floors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "floors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"building_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
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
CREATE TABLE "lims_order_comment_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_order_comment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"regular_expression" text,
	"regular_expression_message" text
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
CREATE TABLE "panel_tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "panel_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"panel_id" integer,
	"test_id" integer
);
--> statement-breakpoint
CREATE TABLE "panels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "panels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"icd_code" text,
	"specimen_type_category_id" integer,
	"specimen_type_id" integer,
	"department_id" integer
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
CREATE TABLE "positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"shelf_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
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
CREATE TABLE "rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"wing_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "service_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "shelfs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shelfs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"device_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
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
	"unit_of_measurement_type_id" integer,
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
CREATE TABLE "test_accepted_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_accepted_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"test_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_result_ranges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_result_ranges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"test_id" integer,
	"minimum_value" double precision,
	"maximum_value" double precision
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"icd_code" text,
	"has_unit_of_measurement" boolean DEFAULT false NOT NULL,
	"unit_of_measurement_type_id" integer,
	"unit_of_measurement_id" integer,
	"has_range" boolean DEFAULT false NOT NULL,
	"has_accepted_value" boolean DEFAULT false NOT NULL
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
	"quantity_symbol" text NOT NULL,
	"dimension_symbol" text NOT NULL,
	"abbreviation" text,
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
CREATE TABLE "wings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"floor_id" integer,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"description" text
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
CREATE INDEX "anatomic_sites_inst_idx" ON "anatomic_sites" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "anatomic_sites_unique" ON "anatomic_sites" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "buildings_inst_idx" ON "buildings" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_unique" ON "buildings" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "buildings_facility_id_idx" ON "buildings" USING btree ("facility_id","id");--> statement-breakpoint
CREATE INDEX "collection_protocol_event_unit_of_measurements_inst_idx" ON "collection_protocol_event_unit_of_measurements" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocol_event_unit_of_measurements_unique" ON "collection_protocol_event_unit_of_measurements" USING btree ("institution_id",lower("unit_name"));--> statement-breakpoint
CREATE INDEX "data_types_inst_idx" ON "data_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_types_unique" ON "data_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "departments_inst_idx" ON "departments" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_unique" ON "departments" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "departments_parent_department_id_idx" ON "departments" USING btree ("parent_department_id","id");--> statement-breakpoint
CREATE INDEX "devices_inst_idx" ON "devices" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_unique" ON "devices" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "devices_room_id_idx" ON "devices" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "ethnicities_inst_idx" ON "ethnicities" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ethnicities_unique" ON "ethnicities" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "facilities_inst_idx" ON "facilities" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_unique" ON "facilities" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "floors_inst_idx" ON "floors" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "floors_unique" ON "floors" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "floors_building_id_idx" ON "floors" USING btree ("building_id","id");--> statement-breakpoint
CREATE INDEX "genders_inst_idx" ON "genders" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "genders_unique" ON "genders" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "labeling_schemas_inst_idx" ON "labeling_schemas" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "labeling_schemas_unique" ON "labeling_schemas" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "lims_order_comment_types_inst_idx" ON "lims_order_comment_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lims_order_comment_types_unique" ON "lims_order_comment_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "marital_statuses_inst_idx" ON "marital_statuses" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marital_statuses_unique" ON "marital_statuses" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "panel_tests_inst_idx" ON "panel_tests" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "panel_tests_unique" ON "panel_tests" USING btree ("institution_id","panel_id","test_id");--> statement-breakpoint
CREATE INDEX "panel_tests_panel_id_idx" ON "panel_tests" USING btree ("panel_id","id");--> statement-breakpoint
CREATE INDEX "panel_tests_test_id_idx" ON "panel_tests" USING btree ("test_id","id");--> statement-breakpoint
CREATE INDEX "panels_inst_idx" ON "panels" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "panels_unique" ON "panels" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "panels_specimen_type_category_id_idx" ON "panels" USING btree ("specimen_type_category_id","id");--> statement-breakpoint
CREATE INDEX "panels_specimen_type_id_idx" ON "panels" USING btree ("specimen_type_id","id");--> statement-breakpoint
CREATE INDEX "panels_department_id_idx" ON "panels" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "pathological_statuses_inst_idx" ON "pathological_statuses" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pathological_statuses_unique" ON "pathological_statuses" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "patient_types_inst_idx" ON "patient_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_types_unique" ON "patient_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "payment_categories_inst_idx" ON "payment_categories" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_categories_unique" ON "payment_categories" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "phone_number_type_categories_inst_idx" ON "phone_number_type_categories" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_number_type_categories_unique" ON "phone_number_type_categories" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "phone_number_types_inst_idx" ON "phone_number_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_number_types_unique" ON "phone_number_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "phone_number_types_phone_number_type_category_id_idx" ON "phone_number_types" USING btree ("phone_number_type_category_id","id");--> statement-breakpoint
CREATE INDEX "position_labeling_options_inst_idx" ON "position_labeling_options" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "position_labeling_options_unique" ON "position_labeling_options" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "positions_inst_idx" ON "positions" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_unique" ON "positions" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "positions_shelf_id_idx" ON "positions" USING btree ("shelf_id","id");--> statement-breakpoint
CREATE INDEX "priorities_inst_idx" ON "priorities" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "priorities_unique" ON "priorities" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "races_inst_idx" ON "races" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "races_unique" ON "races" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "rooms_inst_idx" ON "rooms" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_unique" ON "rooms" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "rooms_wing_id_idx" ON "rooms" USING btree ("wing_id","id");--> statement-breakpoint
CREATE INDEX "service_locations_inst_idx" ON "service_locations" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_locations_unique" ON "service_locations" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "shelfs_inst_idx" ON "shelfs" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelfs_unique" ON "shelfs" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "shelfs_device_id_idx" ON "shelfs" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "specimen_collection_procedures_inst_idx" ON "specimen_collection_procedures" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_collection_procedures_unique" ON "specimen_collection_procedures" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "specimen_type_categories_inst_idx" ON "specimen_type_categories" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_type_categories_unique" ON "specimen_type_categories" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "specimen_types_inst_idx" ON "specimen_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_types_unique" ON "specimen_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "specimen_types_specimen_type_category_id_idx" ON "specimen_types" USING btree ("specimen_type_category_id","id");--> statement-breakpoint
CREATE INDEX "specimen_types_unit_of_measurement_type_id_idx" ON "specimen_types" USING btree ("unit_of_measurement_type_id","id");--> statement-breakpoint
CREATE INDEX "specimen_types_unit_of_measurement_id_idx" ON "specimen_types" USING btree ("unit_of_measurement_id","id");--> statement-breakpoint
CREATE INDEX "sub_sample_lineages_inst_idx" ON "sub_sample_lineages" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_sample_lineages_unique" ON "sub_sample_lineages" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "test_accepted_values_inst_idx" ON "test_accepted_values" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_accepted_values_unique" ON "test_accepted_values" USING btree ("institution_id","test_id",lower("title"));--> statement-breakpoint
CREATE INDEX "test_accepted_values_test_id_idx" ON "test_accepted_values" USING btree ("test_id","id");--> statement-breakpoint
CREATE INDEX "test_result_ranges_inst_idx" ON "test_result_ranges" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE INDEX "test_result_ranges_test_id_idx" ON "test_result_ranges" USING btree ("test_id","id");--> statement-breakpoint
CREATE INDEX "tests_inst_idx" ON "tests" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_unique" ON "tests" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "tests_unit_of_measurement_type_id_idx" ON "tests" USING btree ("unit_of_measurement_type_id","id");--> statement-breakpoint
CREATE INDEX "tests_unit_of_measurement_id_idx" ON "tests" USING btree ("unit_of_measurement_id","id");--> statement-breakpoint
CREATE INDEX "unit_of_measurement_types_inst_idx" ON "unit_of_measurement_types" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_of_measurement_types_unique" ON "unit_of_measurement_types" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "unit_of_measurements_inst_idx" ON "unit_of_measurements" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_of_measurements_unique" ON "unit_of_measurements" USING btree ("institution_id",lower("unit_name"));--> statement-breakpoint
CREATE INDEX "unit_of_measurements_unit_of_measurement_type_id_idx" ON "unit_of_measurements" USING btree ("unit_of_measurement_type_id","id");--> statement-breakpoint
CREATE INDEX "vital_statuses_inst_idx" ON "vital_statuses" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vital_statuses_unique" ON "vital_statuses" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "wings_inst_idx" ON "wings" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wings_unique" ON "wings" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "wings_floor_id_idx" ON "wings" USING btree ("floor_id","id");