CREATE TABLE "lims_ordered_panels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_ordered_panels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"lims_order_id" integer NOT NULL,
	"panel_id" integer NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "lims_ordered_test_result_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_ordered_test_result_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"lims_ordered_test_result_id" integer NOT NULL,
	"is_released" boolean DEFAULT false NOT NULL,
	"released_date" timestamp with time zone,
	"released_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "lims_ordered_test_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_ordered_test_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"lims_ordered_test_id" integer NOT NULL,
	"result" text,
	"flag" text,
	"amended" boolean DEFAULT false NOT NULL,
	"updated_date" timestamp with time zone,
	"updated_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "lims_ordered_tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_ordered_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"lims_order_id" integer NOT NULL,
	"lims_ordered_panel_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"test_result_range_id" integer,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "lims_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"sample_id" text NOT NULL,
	"patient_id" integer NOT NULL,
	"institution_site_id" integer,
	"priority_id" integer NOT NULL,
	"payment_category_id" integer,
	"collected_sample_id" integer,
	"comment_to_lab" text
);
--> statement-breakpoint
CREATE TABLE "lims_result_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lims_result_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lims_ordered_test_result_id" integer NOT NULL,
	"action" text NOT NULL,
	"previous_result" text,
	"new_result" text,
	"reason" text,
	"account_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_id_counters" (
	"institution_id" integer NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "sample_id_counters_institution_id_day_pk" PRIMARY KEY("institution_id","day")
);
--> statement-breakpoint
ALTER TABLE "lims_ordered_panels" ADD CONSTRAINT "lims_ordered_panels_lims_order_id_lims_orders_id_fk" FOREIGN KEY ("lims_order_id") REFERENCES "public"."lims_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lims_ordered_test_result_releases" ADD CONSTRAINT "lims_ordered_test_result_releases_lims_ordered_test_result_id_lims_ordered_test_results_id_fk" FOREIGN KEY ("lims_ordered_test_result_id") REFERENCES "public"."lims_ordered_test_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lims_ordered_test_results" ADD CONSTRAINT "lims_ordered_test_results_lims_ordered_test_id_lims_ordered_tests_id_fk" FOREIGN KEY ("lims_ordered_test_id") REFERENCES "public"."lims_ordered_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lims_ordered_tests" ADD CONSTRAINT "lims_ordered_tests_lims_order_id_lims_orders_id_fk" FOREIGN KEY ("lims_order_id") REFERENCES "public"."lims_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lims_ordered_tests" ADD CONSTRAINT "lims_ordered_tests_lims_ordered_panel_id_lims_ordered_panels_id_fk" FOREIGN KEY ("lims_ordered_panel_id") REFERENCES "public"."lims_ordered_panels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lims_orders" ADD CONSTRAINT "lims_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lims_result_history" ADD CONSTRAINT "lims_result_history_lims_ordered_test_result_id_lims_ordered_test_results_id_fk" FOREIGN KEY ("lims_ordered_test_result_id") REFERENCES "public"."lims_ordered_test_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lims_ordered_panels_order_idx" ON "lims_ordered_panels" USING btree ("lims_order_id");--> statement-breakpoint
CREATE INDEX "lims_ordered_panels_panel_idx" ON "lims_ordered_panels" USING btree ("institution_id","panel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lims_result_releases_result_uq" ON "lims_ordered_test_result_releases" USING btree ("lims_ordered_test_result_id");--> statement-breakpoint
CREATE INDEX "lims_result_releases_unreleased_idx" ON "lims_ordered_test_result_releases" USING btree ("institution_id","is_released");--> statement-breakpoint
CREATE UNIQUE INDEX "lims_ordered_test_results_test_uq" ON "lims_ordered_test_results" USING btree ("lims_ordered_test_id");--> statement-breakpoint
CREATE INDEX "lims_ordered_tests_panel_idx" ON "lims_ordered_tests" USING btree ("lims_ordered_panel_id");--> statement-breakpoint
CREATE INDEX "lims_ordered_tests_order_idx" ON "lims_ordered_tests" USING btree ("lims_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lims_orders_sample_id_uq" ON "lims_orders" USING btree ("institution_id",lower("sample_id"));--> statement-breakpoint
CREATE INDEX "lims_orders_patient_idx" ON "lims_orders" USING btree ("institution_id","patient_id","id");--> statement-breakpoint
CREATE INDEX "lims_orders_collected_idx" ON "lims_orders" USING btree ("institution_id","collected_sample_id");--> statement-breakpoint
CREATE INDEX "lims_orders_created_idx" ON "lims_orders" USING btree ("institution_id","created_date");--> statement-breakpoint
CREATE INDEX "lims_result_history_result_idx" ON "lims_result_history" USING btree ("lims_ordered_test_result_id","id");