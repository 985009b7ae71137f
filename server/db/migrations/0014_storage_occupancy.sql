CREATE TABLE "storage_occupancies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_occupancies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"collected_sample_id" integer NOT NULL,
	"allocated_by_id" integer,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vacated_at" timestamp with time zone,
	"vacated_by_id" integer,
	"vacate_reason" text,
	"concurrency_stamp" text NOT NULL,
	CONSTRAINT "storage_occupancies_vacate_ck" CHECK (("storage_occupancies"."vacated_at" is null) = ("storage_occupancies"."vacate_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "storage_occupancies" ADD CONSTRAINT "storage_occupancies_position_id_storage_box_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."storage_box_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_occupancies" ADD CONSTRAINT "storage_occupancies_collected_sample_id_collected_samples_id_fk" FOREIGN KEY ("collected_sample_id") REFERENCES "public"."collected_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_occupancies_position_open_uq" ON "storage_occupancies" USING btree ("position_id") WHERE "storage_occupancies"."vacated_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_occupancies_sample_open_uq" ON "storage_occupancies" USING btree ("collected_sample_id") WHERE "storage_occupancies"."vacated_at" is null;--> statement-breakpoint
CREATE INDEX "storage_occupancies_position_idx" ON "storage_occupancies" USING btree ("position_id","id");--> statement-breakpoint
CREATE INDEX "storage_occupancies_sample_idx" ON "storage_occupancies" USING btree ("collected_sample_id","id");