CREATE TABLE "consent_purposes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_purposes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "consent_version_purposes" (
	"institution_id" integer NOT NULL,
	"consent_version_id" integer NOT NULL,
	"purpose_id" integer NOT NULL,
	CONSTRAINT "consent_version_purposes_consent_version_id_purpose_id_pk" PRIMARY KEY("consent_version_id","purpose_id")
);
--> statement-breakpoint
CREATE TABLE "participant_consent_purposes" (
	"institution_id" integer NOT NULL,
	"participant_consent_id" integer NOT NULL,
	"purpose_id" integer NOT NULL,
	"granted" boolean NOT NULL,
	CONSTRAINT "participant_consent_purposes_participant_consent_id_purpose_id_pk" PRIMARY KEY("participant_consent_id","purpose_id")
);
--> statement-breakpoint
CREATE TABLE "distribution_protocol_approvers" (
	"institution_id" integer NOT NULL,
	"distribution_protocol_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "distribution_protocol_approvers_distribution_protocol_id_account_id_pk" PRIMARY KEY("distribution_protocol_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "distribution_protocol_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distribution_protocol_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"distribution_protocol_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"creator_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_protocol_purposes" (
	"institution_id" integer NOT NULL,
	"distribution_protocol_id" integer NOT NULL,
	"purpose_id" integer NOT NULL,
	CONSTRAINT "distribution_protocol_purposes_distribution_protocol_id_purpose_id_pk" PRIMARY KEY("distribution_protocol_id","purpose_id")
);
--> statement-breakpoint
CREATE TABLE "distribution_protocols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distribution_protocols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"principal_investigator_id" integer NOT NULL,
	"institution_name" text NOT NULL,
	"ethics_approval_number" text NOT NULL,
	"start_date" date,
	"end_date" date
);
--> statement-breakpoint
ALTER TABLE "consent_version_purposes" ADD CONSTRAINT "consent_version_purposes_consent_version_id_collection_protocol_consent_versions_id_fk" FOREIGN KEY ("consent_version_id") REFERENCES "public"."collection_protocol_consent_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_consent_purposes" ADD CONSTRAINT "participant_consent_purposes_participant_consent_id_collection_protocol_participant_consents_id_fk" FOREIGN KEY ("participant_consent_id") REFERENCES "public"."collection_protocol_participant_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_protocol_approvers" ADD CONSTRAINT "distribution_protocol_approvers_distribution_protocol_id_distribution_protocols_id_fk" FOREIGN KEY ("distribution_protocol_id") REFERENCES "public"."distribution_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_protocol_approvers" ADD CONSTRAINT "distribution_protocol_approvers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_protocol_documents" ADD CONSTRAINT "distribution_protocol_documents_distribution_protocol_id_distribution_protocols_id_fk" FOREIGN KEY ("distribution_protocol_id") REFERENCES "public"."distribution_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_protocol_purposes" ADD CONSTRAINT "distribution_protocol_purposes_distribution_protocol_id_distribution_protocols_id_fk" FOREIGN KEY ("distribution_protocol_id") REFERENCES "public"."distribution_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_protocols" ADD CONSTRAINT "distribution_protocols_principal_investigator_id_accounts_id_fk" FOREIGN KEY ("principal_investigator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_purposes_inst_idx" ON "consent_purposes" USING btree ("institution_id","is_enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_purposes_unique" ON "consent_purposes" USING btree ("institution_id",lower("title"));--> statement-breakpoint
CREATE INDEX "distribution_protocol_documents_protocol_idx" ON "distribution_protocol_documents" USING btree ("distribution_protocol_id","id");--> statement-breakpoint
CREATE INDEX "distribution_protocols_inst_idx" ON "distribution_protocols" USING btree ("institution_id","id");--> statement-breakpoint
-- Issue 32 item 2: institutions created before this release start with the seeded consent purposes too.
INSERT INTO "consent_purposes" ("institution_id", "title", "abbreviation", "description", "concurrency_stamp")
SELECT i.id, p.title, p.abbreviation, p.description, gen_random_uuid()::text
FROM "institutions" i
CROSS JOIN (VALUES
  ('Future research', 'FR', 'Use of the samples and data in future research studies'),
  ('Genetic research', 'GEN', 'Genetic and genomic analysis of the samples'),
  ('Commercial use', 'COM', 'Use by or with commercial partners')
) AS p(title, abbreviation, description);
