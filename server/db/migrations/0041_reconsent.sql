DROP INDEX "participant_consents_withdrawn_idx";--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD COLUMN "previous_signature_id" integer;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD COLUMN "earlier_samples" text;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD COLUMN "covers_samples_from" timestamp;--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "collection_protocol_participant_consents_previous_signature_id_collection_protocol_participant_consents_id_fk" FOREIGN KEY ("previous_signature_id") REFERENCES "public"."collection_protocol_participant_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_consents_blocking_idx" ON "collection_protocol_participant_consents" USING btree ("institution_id","patient_id") WHERE "collection_protocol_participant_consents"."withdrawn_date" is not null or "collection_protocol_participant_consents"."earlier_samples" = 'keep_blocked';--> statement-breakpoint
CREATE UNIQUE INDEX "participant_consents_previous_uq" ON "collection_protocol_participant_consents" USING btree ("previous_signature_id");--> statement-breakpoint
ALTER TABLE "collection_protocol_participant_consents" ADD CONSTRAINT "participant_consents_reconsent_ck" CHECK (("collection_protocol_participant_consents"."previous_signature_id" is null) = ("collection_protocol_participant_consents"."earlier_samples" is null)
    and ("collection_protocol_participant_consents"."earlier_samples" is null) = ("collection_protocol_participant_consents"."covers_samples_from" is null)
    and ("collection_protocol_participant_consents"."earlier_samples" is null or "collection_protocol_participant_consents"."earlier_samples" in ('keep_blocked', 'covered')));--> statement-breakpoint
-- Hand-written (issue 31 item 5): a consent signed again after a withdrawal before re-consent existed becomes a
-- re-consent of the signature before it that keeps earlier samples blocked (the safe reading: they were blocked).
UPDATE "collection_protocol_participant_consents" n SET
  "previous_signature_id" = (SELECT max(p."id") FROM "collection_protocol_participant_consents" p
    WHERE p."participant_id" = n."participant_id" AND p."consent_id" = n."consent_id" AND p."id" < n."id"),
  "earlier_samples" = 'keep_blocked',
  "covers_samples_from" = date_trunc('minute', n."created_date" AT TIME ZONE
    coalesce((SELECT i."time_zone" FROM "institutions" i WHERE i."id" = n."institution_id"), 'UTC'))
WHERE EXISTS (SELECT 1 FROM "collection_protocol_participant_consents" p
  WHERE p."participant_id" = n."participant_id" AND p."consent_id" = n."consent_id" AND p."id" < n."id");
