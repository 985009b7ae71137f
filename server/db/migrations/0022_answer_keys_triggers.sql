-- The screening indicators' answer keys (submitted_answer_keys, docs/indicators.md) are kept by these
-- triggers only: whatever writes the answers or the submissions, the keys follow in the same statement.
-- The normalised values of one answer, as the indicator rules compare them: a checkbox list (CBL) one
-- per chosen value (a list that is not a JSON array gives none), a checkbox (CB) 'yes' or 'no', any
-- other kind its trimmed lower-cased text; an empty answer none.
CREATE FUNCTION submitted_answer_values(kind text, value text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF kind = 'CB' THEN
    RETURN ARRAY[CASE value WHEN 'true' THEN 'yes' ELSE 'no' END];
  ELSIF kind = 'CBL' THEN
    BEGIN
      IF jsonb_typeof(value::jsonb) <> 'array' THEN RETURN '{}'; END IF;
      RETURN ARRAY(SELECT DISTINCT lower(btrim(e)) FROM jsonb_array_elements_text(value::jsonb) e WHERE btrim(e) <> '');
    EXCEPTION WHEN others THEN
      RETURN '{}';
    END;
  ELSIF btrim(value) = '' THEN
    RETURN '{}';
  END IF;
  RETURN ARRAY[lower(btrim(value))];
END $$;
--> statement-breakpoint
CREATE FUNCTION submitted_answer_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO submitted_answer_keys (institution_id, protocol_id, prompt, value, created_date, patient_id, submission_id, field_id, is_enabled)
  SELECT s.institution_id, s.collection_protocol_id, lower(btrim(n.prompt)), k, s.created_date, s.patient_id, s.id, n.field_id, s.is_enabled
  FROM new_answers n
  JOIN submitted_collection_protocol_forms s ON s.id = n.submission_id
  JOIN collection_protocol_form_fields f ON f.id = n.field_id
  CROSS JOIN LATERAL unnest(submitted_answer_values(f.kind, n.value)) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION submitted_answer_keys_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM submitted_answer_keys k USING old_answers o WHERE k.submission_id = o.submission_id AND k.field_id = o.field_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION submitted_answer_keys_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submitted_answer_keys k SET institution_id = s.institution_id, protocol_id = s.collection_protocol_id,
    created_date = s.created_date, patient_id = s.patient_id, is_enabled = s.is_enabled
  FROM new_submissions s WHERE k.submission_id = s.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER submitted_answer_keys_on_insert AFTER INSERT ON submitted_collection_protocol_form_values
  REFERENCING NEW TABLE AS new_answers FOR EACH STATEMENT EXECUTE FUNCTION submitted_answer_keys_insert();
--> statement-breakpoint
CREATE TRIGGER submitted_answer_keys_on_delete AFTER DELETE ON submitted_collection_protocol_form_values
  REFERENCING OLD TABLE AS old_answers FOR EACH STATEMENT EXECUTE FUNCTION submitted_answer_keys_delete();
--> statement-breakpoint
-- An update rewrites the answer's keys: the old ones go, the new ones come (two statement triggers, in name order).
CREATE TRIGGER submitted_answer_keys_on_update_1 AFTER UPDATE ON submitted_collection_protocol_form_values
  REFERENCING OLD TABLE AS old_answers FOR EACH STATEMENT EXECUTE FUNCTION submitted_answer_keys_delete();
--> statement-breakpoint
CREATE TRIGGER submitted_answer_keys_on_update_2 AFTER UPDATE ON submitted_collection_protocol_form_values
  REFERENCING NEW TABLE AS new_answers FOR EACH STATEMENT EXECUTE FUNCTION submitted_answer_keys_insert();
--> statement-breakpoint
CREATE TRIGGER submitted_answer_keys_on_submission AFTER UPDATE ON submitted_collection_protocol_forms
  REFERENCING NEW TABLE AS new_submissions FOR EACH STATEMENT EXECUTE FUNCTION submitted_answer_keys_submission();
--> statement-breakpoint
-- The answers already stored.
INSERT INTO submitted_answer_keys (institution_id, protocol_id, prompt, value, created_date, patient_id, submission_id, field_id, is_enabled)
SELECT s.institution_id, s.collection_protocol_id, lower(btrim(v.prompt)), k, s.created_date, s.patient_id, s.id, v.field_id, s.is_enabled
FROM submitted_collection_protocol_form_values v
JOIN submitted_collection_protocol_forms s ON s.id = v.submission_id
JOIN collection_protocol_form_fields f ON f.id = v.field_id
CROSS JOIN LATERAL unnest(submitted_answer_values(f.kind, v.value)) k;
