CREATE TABLE "storage_box_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_box_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"row_index" integer NOT NULL,
	"column_index" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_nodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	"enabled_date" timestamp with time zone DEFAULT now(),
	"enabler_id" integer,
	"concurrency_stamp" text NOT NULL,
	"institution_id" integer NOT NULL,
	"level" text NOT NULL,
	"parent_id" integer,
	"title" text NOT NULL,
	"code" text,
	"rows" integer NOT NULL,
	"columns" integer NOT NULL,
	"position_labeling_option_id" integer NOT NULL,
	"position_labeling" text NOT NULL,
	"row_labeling_schema_id" integer NOT NULL,
	"row_labeling" text NOT NULL,
	"column_labeling_schema_id" integer,
	"column_labeling" text,
	"fill_order" text DEFAULT 'row' NOT NULL,
	"institution_site_id" integer,
	CONSTRAINT "storage_nodes_root_ck" CHECK (("storage_nodes"."level" = 'container') = ("storage_nodes"."parent_id" is null)),
	CONSTRAINT "storage_nodes_level_ck" CHECK ("storage_nodes"."level" in ('container', 'shelf', 'rack', 'drawer', 'box')),
	CONSTRAINT "storage_nodes_dims_ck" CHECK ("storage_nodes"."rows" between 1 and 100 and "storage_nodes"."columns" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "storage_box_positions" ADD CONSTRAINT "storage_box_positions_box_id_storage_nodes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."storage_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_nodes" ADD CONSTRAINT "storage_nodes_parent_id_storage_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."storage_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_box_positions_cell_uq" ON "storage_box_positions" USING btree ("box_id","row_index","column_index");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_box_positions_ordinal_uq" ON "storage_box_positions" USING btree ("box_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_box_positions_code_uq" ON "storage_box_positions" USING btree ("box_id","code");--> statement-breakpoint
CREATE INDEX "storage_nodes_parent_idx" ON "storage_nodes" USING btree ("institution_id","parent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_nodes_container_code_uq" ON "storage_nodes" USING btree ("institution_id",lower("code")) WHERE "storage_nodes"."parent_id" is null and "storage_nodes"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_nodes_child_code_uq" ON "storage_nodes" USING btree ("parent_id",lower("code")) WHERE "storage_nodes"."parent_id" is not null and "storage_nodes"."code" is not null;