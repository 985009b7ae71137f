CREATE TABLE "import_mapping_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_mapping_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	CONSTRAINT "import_mapping_templates_kind_ck" CHECK ("import_mapping_templates"."kind" in ('participants', 'samples', 'storage'))
);
--> statement-breakpoint
ALTER TABLE "import_mapping_templates" ADD CONSTRAINT "import_mapping_templates_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_mapping_templates_name_uq" ON "import_mapping_templates" USING btree ("institution_id","kind",lower("name")) WHERE "import_mapping_templates"."is_enabled";--> statement-breakpoint
CREATE INDEX "import_mapping_templates_inst_idx" ON "import_mapping_templates" USING btree ("institution_id","kind");