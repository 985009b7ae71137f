ALTER TABLE "storage_nodes" ADD COLUMN "parent_level" text;--> statement-breakpoint
UPDATE "storage_nodes" AS c SET "parent_level" = p."level" FROM "storage_nodes" AS p WHERE p."id" = c."parent_id";--> statement-breakpoint
ALTER TABLE "storage_nodes" ADD CONSTRAINT "storage_nodes_id_level_uq" UNIQUE("id","level");--> statement-breakpoint
ALTER TABLE "storage_nodes" ADD CONSTRAINT "storage_nodes_parent_level_fk" FOREIGN KEY ("parent_id","parent_level") REFERENCES "public"."storage_nodes"("id","level") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_nodes_parent_level_idx" ON "storage_nodes" USING btree ("institution_id","parent_id","level","id");--> statement-breakpoint
ALTER TABLE "storage_nodes" ADD CONSTRAINT "storage_nodes_parent_level_ck" CHECK ((level = 'container' and parent_level is null) or (level = 'shelf' and parent_level in ('container')) or (level = 'rack' and parent_level in ('shelf')) or (level = 'drawer' and parent_level in ('rack')) or (level = 'box' and parent_level in ('shelf', 'rack', 'drawer')));
