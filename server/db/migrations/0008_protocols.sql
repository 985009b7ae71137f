CREATE TABLE "collection_protocols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text NOT NULL,
	"code" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"expected_participants" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_consent_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_consent_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"version" integer NOT NULL,
	"html" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_participant_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_participant_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"consent_id" integer NOT NULL,
	"consent_version_id" integer NOT NULL,
	"signature" text NOT NULL,
	"sha256" text NOT NULL,
	"withdrawn_date" date,
	"withdrawal_reason" text,
	"withdrawal_effect" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"label" text NOT NULL,
	"event_code" text NOT NULL,
	"event_point" double precision DEFAULT 0 NOT NULL,
	"unit_id" integer NOT NULL,
	"institution_site_id" integer
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_participants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"patient_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_protocol_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protocol_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"collection_protocol_id" integer NOT NULL,
	"institution_site_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_specimen_requirement_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_specimen_requirement_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"parent_item_id" integer,
	"lineage_id" integer NOT NULL,
	"specimen_type_id" integer NOT NULL,
	"initial_quantity" double precision DEFAULT 0 NOT NULL,
	"unit_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_specimen_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_specimen_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"initial_quantity" double precision DEFAULT 0 NOT NULL,
	"unit_id" integer NOT NULL,
	"specimen_type_id" integer NOT NULL,
	"anatomic_site_id" integer,
	"pathological_status_id" integer,
	"procedure_id" integer
);
--> statement-breakpoint
ALTER TABLE "collection_protocol_consent_versions" ADD CONSTRAINT "collection_protocol_consent_versions_consent_id_collection_protocol_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."collection_protocol_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "collection_protocol_participant_consents_collection_protocol_id_collection_protocols_id_fk" FOREIGN KEY ("collection_protocol_id") REFERENCES "public"."collection_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "collection_protocol_participant_consents_participant_id_collection_protocol_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."collection_protocol_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "collection_protocol_participant_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "collection_protocol_participant_consents_consent_id_collection_protocol_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."collection_protocol_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "collection_protocol_participant_consents_consent_version_id_collection_protocol_consent_versions_id_fk" FOREIGN KEY ("consent_version_id") REFERENCES "public"."collection_protocol_consent_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_consents" ADD CONSTRAINT "collection_protocol_consents_collection_protocol_id_collection_protocols_id_fk" FOREIGN KEY ("collection_protocol_id") REFERENCES "public"."collection_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_events" ADD CONSTRAINT "collection_protocol_events_collection_protocol_id_collection_protocols_id_fk" FOREIGN KEY ("collection_protocol_id") REFERENCES "public"."collection_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participants" ADD CONSTRAINT "collection_protocol_participants_collection_protocol_id_collection_protocols_id_fk" FOREIGN KEY ("collection_protocol_id") REFERENCES "public"."collection_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_participants" ADD CONSTRAINT "collection_protocol_participants_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protocol_sites" ADD CONSTRAINT "collection_protocol_sites_collection_protocol_id_collection_protocols_id_fk" FOREIGN KEY ("collection_protocol_id") REFERENCES "public"."collection_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_specimen_requirement_items" ADD CONSTRAINT "event_specimen_requirement_items_requirement_id_event_specimen_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."event_specimen_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_specimen_requirements" ADD CONSTRAINT "event_specimen_requirements_event_id_collection_protocol_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."collection_protocol_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocols_code_uq" ON "collection_protocols" USING btree ("institution_id",lower("code"));--> statement-breakpoint
CREATE INDEX "collection_protocols_inst_idx" ON "collection_protocols" USING btree ("institution_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_versions_uq" ON "collection_protocol_consent_versions" USING btree ("consent_id","version");--> statement-breakpoint
CREATE INDEX "participant_consents_participant_idx" ON "collection_protocol_participant_consents" USING btree ("participant_id","id");--> statement-breakpoint
CREATE INDEX "participant_consents_withdrawn_idx" ON "collection_protocol_participant_consents" USING btree ("institution_id","patient_id") WHERE "collection_protocol_participant_consents"."withdrawn_date" is not null;--> statement-breakpoint
CREATE INDEX "collection_protocol_consents_protocol_idx" ON "collection_protocol_consents" USING btree ("collection_protocol_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocol_events_code_uq" ON "collection_protocol_events" USING btree ("collection_protocol_id",lower("event_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocol_participants_uq" ON "collection_protocol_participants" USING btree ("collection_protocol_id","patient_id");--> statement-breakpoint
CREATE INDEX "collection_protocol_participants_patient_idx" ON "collection_protocol_participants" USING btree ("institution_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_protocol_sites_uq" ON "collection_protocol_sites" USING btree ("collection_protocol_id","institution_site_id") WHERE "collection_protocol_sites"."is_enabled";--> statement-breakpoint
CREATE INDEX "event_specimen_requirement_items_req_idx" ON "event_specimen_requirement_items" USING btree ("requirement_id","id");--> statement-breakpoint
CREATE INDEX "event_specimen_requirements_event_idx" ON "event_specimen_requirements" USING btree ("event_id","id");