CREATE TABLE "participant_purposes_now" (
	"participant_id" integer PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"purpose_ids" integer[] NOT NULL,
	"blocked_before" timestamp
);
--> statement-breakpoint
CREATE INDEX "participant_purposes_now_patient_idx" ON "participant_purposes_now" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "participant_consents_patient_idx" ON "collection_protocol_participant_consents" USING btree ("patient_id");--> statement-breakpoint
-- Issue 32 item 4: participant_purposes_now (docs/research.md "Eligibility") is kept by these triggers only: whatever
-- writes the signatures or their choices (the consents service, a bench's set-based inserts), the rows of every donor
-- the statement touches are recomputed in the same statement. This function is the one place the consent half of the
-- eligibility rule is written: for each enrolment of the donors given, a row while it has a signature in force (not
-- withdrawn, no re-consent after it) and its donor no withdrawal in force in any protocol, with the purposes its
-- signatures in force grant and the latest minute a re-consent in force keeps earlier samples blocked from.
-- One refresh at a time (a transaction-level advisory lock): two transactions changing one donor's signatures (two
-- protocols) would otherwise each compute from a snapshot without the other's rows.
CREATE FUNCTION participant_purposes_now_refresh(patients integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(patients) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(3204);
  DELETE FROM participant_purposes_now n WHERE n.patient_id IN (SELECT unnest(patients));
  INSERT INTO participant_purposes_now (participant_id, patient_id, purpose_ids, blocked_before)
  SELECT c.participant_id, min(c.patient_id),
    coalesce(array_agg(DISTINCT g.purpose_id ORDER BY g.purpose_id) FILTER (WHERE g.purpose_id IS NOT NULL), '{}'),
    max(k.blocked_before)
  FROM collection_protocol_participant_consents c
  LEFT JOIN participant_consent_purposes g ON g.participant_consent_id = c.id AND g.granted
  LEFT JOIN (SELECT b.patient_id, max(b.covers_samples_from) AS blocked_before
      FROM collection_protocol_participant_consents b
      WHERE b.patient_id IN (SELECT unnest(patients)) AND b.earlier_samples = 'keep_blocked'
        AND NOT EXISTS (SELECT 1 FROM collection_protocol_participant_consents f WHERE f.previous_signature_id = b.id)
      GROUP BY b.patient_id) k ON k.patient_id = c.patient_id
  WHERE c.patient_id IN (SELECT unnest(patients)) AND c.withdrawn_date IS NULL
    AND NOT EXISTS (SELECT 1 FROM collection_protocol_participant_consents f WHERE f.previous_signature_id = c.id)
    AND NOT EXISTS (SELECT 1 FROM collection_protocol_participant_consents w
      WHERE w.patient_id = c.patient_id AND w.withdrawn_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM collection_protocol_participant_consents f WHERE f.previous_signature_id = w.id))
  GROUP BY c.participant_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION participant_purposes_now_on_signatures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM participant_purposes_now_refresh(ARRAY(SELECT DISTINCT patient_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM participant_purposes_now_refresh(ARRAY(SELECT DISTINCT patient_id FROM old_rows));
  ELSE
    PERFORM participant_purposes_now_refresh(ARRAY(SELECT patient_id FROM new_rows UNION SELECT patient_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION participant_purposes_now_on_choices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM participant_purposes_now_refresh(ARRAY(SELECT DISTINCT c.patient_id FROM new_rows g
      JOIN collection_protocol_participant_consents c ON c.id = g.participant_consent_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM participant_purposes_now_refresh(ARRAY(SELECT DISTINCT c.patient_id FROM old_rows g
      JOIN collection_protocol_participant_consents c ON c.id = g.participant_consent_id));
  ELSE
    PERFORM participant_purposes_now_refresh(ARRAY(SELECT c.patient_id FROM new_rows g
      JOIN collection_protocol_participant_consents c ON c.id = g.participant_consent_id
      UNION SELECT c.patient_id FROM old_rows g
      JOIN collection_protocol_participant_consents c ON c.id = g.participant_consent_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER participant_purposes_now_on_insert AFTER INSERT ON collection_protocol_participant_consents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_purposes_now_on_signatures();
--> statement-breakpoint
CREATE TRIGGER participant_purposes_now_on_update AFTER UPDATE ON collection_protocol_participant_consents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_purposes_now_on_signatures();
--> statement-breakpoint
CREATE TRIGGER participant_purposes_now_on_delete AFTER DELETE ON collection_protocol_participant_consents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_purposes_now_on_signatures();
--> statement-breakpoint
CREATE TRIGGER participant_purposes_now_on_choice_insert AFTER INSERT ON participant_consent_purposes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_purposes_now_on_choices();
--> statement-breakpoint
CREATE TRIGGER participant_purposes_now_on_choice_update AFTER UPDATE ON participant_consent_purposes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_purposes_now_on_choices();
--> statement-breakpoint
CREATE TRIGGER participant_purposes_now_on_choice_delete AFTER DELETE ON participant_consent_purposes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_purposes_now_on_choices();
--> statement-breakpoint
-- The signatures already stored: every donor who signed, in one set-based statement.
SELECT participant_purposes_now_refresh(ARRAY(SELECT DISTINCT patient_id FROM collection_protocol_participant_consents));
--> statement-breakpoint
ANALYZE participant_purposes_now;
