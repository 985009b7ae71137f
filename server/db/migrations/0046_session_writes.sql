CREATE TABLE "session_writes" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not model persistence): each session's last write is marked with no WAL (no disk
-- flush, nothing shipped to a replica); only the primary reads it, and losing it in a crash only sends a session's
-- next heavy reads to the replica (docs/operations.md "Read replica").
ALTER TABLE "session_writes" SET UNLOGGED;
