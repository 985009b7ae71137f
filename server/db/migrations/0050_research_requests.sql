CREATE TABLE "research_request_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_request_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"research_request_id" integer NOT NULL,
	"signed_date" date NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"creator_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_request_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"research_request_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"account_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_request_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_request_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"research_request_id" integer NOT NULL,
	"collected_sample_id" integer NOT NULL,
	"amount" double precision NOT NULL,
	"returned_amount" double precision DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"code" text,
	"creator_id" integer,
	"reserved_date" timestamp with time zone DEFAULT now() NOT NULL,
	"released_date" timestamp with time zone,
	"released_reason" text,
	"distributed_date" timestamp with time zone,
	CONSTRAINT "research_request_items_state_ck" CHECK ("research_request_items"."state" in ('reserved', 'released', 'distributed')),
	CONSTRAINT "research_request_items_amount_ck" CHECK ("research_request_items"."amount" > 0 and "research_request_items"."returned_amount" >= 0 and "research_request_items"."returned_amount" <= "research_request_items"."amount")
);
--> statement-breakpoint
CREATE TABLE "research_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"distribution_protocol_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"saved_query_id" integer,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"state_reason" text,
	"submitted_date" timestamp with time zone,
	"decided_date" timestamp with time zone,
	"decided_by_id" integer,
	"distributed_date" timestamp with time zone,
	"delivery_method" text,
	"shipment_id" integer,
	"delivery_note" text,
	CONSTRAINT "research_requests_state_ck" CHECK ("research_requests"."state" in ('draft', 'submitted', 'changes_requested', 'approved', 'rejected', 'cancelled', 'distributed', 'returned', 'closed')),
	CONSTRAINT "research_requests_delivery_ck" CHECK ("research_requests"."delivery_method" is null or "research_requests"."delivery_method" in ('handover', 'shipment'))
);
--> statement-breakpoint
ALTER TABLE "research_request_documents" ADD CONSTRAINT "research_request_documents_research_request_id_research_requests_id_fk" FOREIGN KEY ("research_request_id") REFERENCES "public"."research_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_request_events" ADD CONSTRAINT "research_request_events_research_request_id_research_requests_id_fk" FOREIGN KEY ("research_request_id") REFERENCES "public"."research_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_request_items" ADD CONSTRAINT "research_request_items_research_request_id_research_requests_id_fk" FOREIGN KEY ("research_request_id") REFERENCES "public"."research_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_request_items" ADD CONSTRAINT "research_request_items_collected_sample_id_collected_samples_id_fk" FOREIGN KEY ("collected_sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_requests" ADD CONSTRAINT "research_requests_distribution_protocol_id_distribution_protocols_id_fk" FOREIGN KEY ("distribution_protocol_id") REFERENCES "public"."distribution_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_requests" ADD CONSTRAINT "research_requests_requester_id_accounts_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_requests" ADD CONSTRAINT "research_requests_saved_query_id_saved_queries_id_fk" FOREIGN KEY ("saved_query_id") REFERENCES "public"."saved_queries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_requests" ADD CONSTRAINT "research_requests_decided_by_id_accounts_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_requests" ADD CONSTRAINT "research_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_request_documents_request_idx" ON "research_request_documents" USING btree ("research_request_id","id");--> statement-breakpoint
CREATE INDEX "research_request_events_request_idx" ON "research_request_events" USING btree ("research_request_id","id");--> statement-breakpoint
CREATE INDEX "research_request_items_request_idx" ON "research_request_items" USING btree ("research_request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_request_items_open_uq" ON "research_request_items" USING btree ("collected_sample_id") WHERE "research_request_items"."state" = 'reserved';--> statement-breakpoint
CREATE UNIQUE INDEX "research_request_items_code_uq" ON "research_request_items" USING btree ("research_request_id","code") WHERE "research_request_items"."code" is not null;--> statement-breakpoint
CREATE INDEX "research_requests_inst_idx" ON "research_requests" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "research_requests_requester_idx" ON "research_requests" USING btree ("institution_id","requester_id","id");--> statement-breakpoint
-- Agreements are PDF, PNG or JPEG (compressed already): stored uncompressed like the ethics documents (0044), so
-- a download reads them in parts.
ALTER TABLE "research_request_documents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
