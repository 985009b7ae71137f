CREATE TABLE "audit_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" integer,
	"seq" integer NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"row_count" integer NOT NULL,
	"merkle_root" text NOT NULL,
	"prev_hash" text,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_blocks_inst_seq_key" UNIQUE NULLS NOT DISTINCT("institution_id","seq")
);
--> statement-breakpoint
ALTER TABLE "audit_chain_start" ADD COLUMN "linked_through" bigint;--> statement-breakpoint
ALTER TABLE "audit_chain_start" ADD COLUMN "sealed_through" bigint;--> statement-breakpoint
-- Issue 30: audit rows after this point are hashed on their own at insert and sealed into audit_blocks by the
-- sealer (server/platform/audit-seal.ts, docs/audit.md); the rows up to here keep their prev_hash links and
-- are verified as before. The switch point is the highest audit id now (stop the old servers before upgrading:
-- a row an old server still chains after this point with audit_chain_append, left in place, fails verification
-- as 'content'). Reads one index entry: no table rewrite.
UPDATE "audit_chain_start" SET
  "linked_through" = (SELECT coalesce(max("id"), 0) FROM "audit_events"),
  "sealed_through" = (SELECT coalesce(max("id"), 0) FROM "audit_events");
