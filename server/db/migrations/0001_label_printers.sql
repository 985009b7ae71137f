CREATE TABLE "label_printers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_printers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"ip_address" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "label_printers_inst_uq" ON "label_printers" USING btree ("institution_id");