-- The folded name parts stored (issue 30): a search tests the text it reads instead of folding, row by row, every
-- name its index range returns ('Abebe Girma' at 100,000 participants: 8,036 names folded per request on PGlite).
-- Generated columns: PostgreSQL keeps them equal to lims_fold (migration 0050) on every insert and update. One
-- ALTER TABLE, so `patients` is rewritten once. The code does not declare these columns on `patients`
-- (server/modules/participants/folded-names.table.ts): written by hand, not by drizzle-kit.
-- Expand first (CONTRIBUTING.md): the previous release's processes still search by lims_fold(<name>) during an
-- upgrade, so its three expression indexes stay; the release after this one drops them.
ALTER TABLE "patients"
  ADD COLUMN "first_name_fold" text GENERATED ALWAYS AS (lims_fold("first_name")) STORED,
  ADD COLUMN "father_name_fold" text GENERATED ALWAYS AS (lims_fold("father_name")) STORED,
  ADD COLUMN "grand_father_name_fold" text GENERATED ALWAYS AS (lims_fold("grand_father_name")) STORED;--> statement-breakpoint
CREATE INDEX "patients_first_name_fold_idx" ON "patients" USING btree (institution_id,"first_name_fold" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_father_name_fold_idx" ON "patients" USING btree (institution_id,"father_name_fold" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_grand_father_name_fold_idx" ON "patients" USING btree (institution_id,"grand_father_name_fold" text_pattern_ops);--> statement-breakpoint
-- The new columns have no statistics until the next ANALYZE, and autovacuum may not run one for days on a big table
-- that is not changing: the planner would then guess every name prefix blind (a range of 8,009 ids read row by row
-- for '09' where the name indexes' bitmaps answer it).
ANALYZE "patients";
