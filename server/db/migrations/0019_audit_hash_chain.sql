CREATE TABLE "audit_chain_start" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legacy_through" bigint NOT NULL,
	CONSTRAINT "audit_chain_start_one_row" CHECK ("audit_chain_start"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
-- Rows written before this migration stay outside the hash chain (docs/audit.md): verify starts after them.
INSERT INTO "audit_chain_start" ("id", "legacy_through") SELECT 1, coalesce(max("id"), 0) FROM "audit_events";
