-- Accent-insensitive name search (issue 33 item 3): 'helene' finds 'Hélène'. Lower case after Unicode NFD with the
-- combining diacritical marks (U+0300-U+036F) dropped; foldName in server/modules/participants/search.repository.ts
-- is its twin for the search term. Built from immutable built-ins (no extension), so it can back an index.
CREATE OR REPLACE FUNCTION lims_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select lower(regexp_replace(normalize($1, NFD), '[\u0300-\u036f]', '', 'g')) $$;--> statement-breakpoint
DROP INDEX "patients_first_name_idx";--> statement-breakpoint
DROP INDEX "patients_father_name_idx";--> statement-breakpoint
DROP INDEX "patients_grand_father_name_idx";--> statement-breakpoint
CREATE INDEX "patients_first_name_idx" ON "patients" USING btree (institution_id,lims_fold("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_father_name_idx" ON "patients" USING btree (institution_id,lims_fold("father_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_grand_father_name_idx" ON "patients" USING btree (institution_id,lims_fold("grand_father_name") text_pattern_ops);