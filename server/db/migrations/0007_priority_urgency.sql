ALTER TABLE "priorities" ADD COLUMN "urgency" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing institutions keep their seeded priorities: mark Urgent and STAT so the orders list sorts and flags them.
UPDATE "priorities" SET "urgency" = CASE lower("title") WHEN 'stat' THEN 2 ELSE 1 END WHERE lower("title") IN ('urgent', 'stat');
