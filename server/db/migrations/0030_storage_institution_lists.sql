CREATE INDEX "storage_occupancies_institution_idx" ON "storage_occupancies" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "storage_box_positions_institution_idx" ON "storage_box_positions" USING btree ("institution_id","box_id","ordinal");--> statement-breakpoint
CREATE INDEX "storage_nodes_level_idx" ON "storage_nodes" USING btree ("institution_id","level","id");