-- pg_trgm ships with PostgreSQL (contrib) and with PGlite (loaded in server/db/client.ts): any-part MRN and phone search (issue 11).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_events_inst_entity_at_idx" ON "audit_events" USING btree ("institution_id","entity","at");--> statement-breakpoint
CREATE INDEX "audit_events_account_at_idx" ON "audit_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "patient_mrns_trgm_idx" ON "patient_mrns" USING gin ("mrn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patient_phone_numbers_trgm_idx" ON "patient_phone_numbers" USING gin ("phone_number" gin_trgm_ops);
