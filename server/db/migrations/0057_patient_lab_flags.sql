CREATE TABLE "patient_lab_flags" (
	"institution_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"flag" text NOT NULL,
	"patient_id" integer NOT NULL,
	"has_result" boolean NOT NULL,
	CONSTRAINT "patient_lab_flags_pk" PRIMARY KEY("institution_id","test_id","flag","patient_id","has_result")
);
--> statement-breakpoint
CREATE INDEX "patient_lab_flags_patient_idx" ON "patient_lab_flags" USING btree ("patient_id");--> statement-breakpoint
-- Issue 32 item 4: patient_lab_flags (docs/research.md "Query builder") is kept by these triggers only: whatever
-- writes the orders, ordered tests, results or releases (the orders module, a bench's set-based inserts, a fix by
-- hand), the rows of every donor whose released results the statement may change are recomputed in the same
-- statement. This function is the one place the reduction is written: for the donors given, one row per institution,
-- test, flag ('' for none) and whether the result has a value, over their released results of enabled tests of
-- enabled orders (the lab criterion's rule, queries.repository.ts). One refresh at a time (a transaction-level
-- advisory lock): two transactions releasing results of one donor would otherwise each compute from a snapshot
-- without the other's release.
CREATE FUNCTION patient_lab_flags_refresh(patients integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(patients) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(3205);
  DELETE FROM patient_lab_flags f WHERE f.patient_id IN (SELECT unnest(patients));
  INSERT INTO patient_lab_flags (institution_id, test_id, flag, patient_id, has_result)
  SELECT DISTINCT ot.institution_id, ot.test_id, coalesce(r.flag, ''), lo.patient_id, r.result IS NOT NULL
  FROM lims_orders lo
  JOIN lims_ordered_tests ot ON ot.lims_order_id = lo.id AND ot.is_enabled
  JOIN lims_ordered_test_results r ON r.lims_ordered_test_id = ot.id
  JOIN lims_ordered_test_result_releases rr ON rr.lims_ordered_test_result_id = r.id AND rr.is_released
  WHERE lo.patient_id IN (SELECT unnest(patients)) AND lo.is_enabled;
END $$;
--> statement-breakpoint
-- Orders: a new order has no result yet; a change of donor or of enabled, or a deletion, changes its donors' rows.
CREATE FUNCTION patient_lab_flags_on_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT DISTINCT patient_id FROM old_rows WHERE patient_id IS NOT NULL));
  ELSE
    PERFORM patient_lab_flags_refresh(ARRAY(
      SELECT o.patient_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.patient_id IS NOT NULL AND (n.patient_id IS DISTINCT FROM o.patient_id OR n.is_enabled <> o.is_enabled)
      UNION SELECT n.patient_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.patient_id IS NOT NULL AND (n.patient_id IS DISTINCT FROM o.patient_id OR n.is_enabled <> o.is_enabled)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Ordered tests: a new one has no result yet; a change of order, test, institution or enabled, or a deletion.
CREATE FUNCTION patient_lab_flags_on_tests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT DISTINCT lo.patient_id FROM old_rows t
      JOIN lims_orders lo ON lo.id = t.lims_order_id WHERE lo.patient_id IS NOT NULL));
  ELSE
    PERFORM patient_lab_flags_refresh(ARRAY(
      SELECT lo.patient_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        JOIN lims_orders lo ON lo.id IN (o.lims_order_id, n.lims_order_id)
        WHERE lo.patient_id IS NOT NULL AND (n.lims_order_id <> o.lims_order_id OR n.test_id <> o.test_id
          OR n.institution_id <> o.institution_id OR n.is_enabled <> o.is_enabled)
      GROUP BY lo.patient_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Results: their donors when the result is released (a new result, one whose value or flag changed, a deletion).
CREATE FUNCTION patient_lab_flags_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT DISTINCT lo.patient_id FROM new_rows r
      JOIN lims_ordered_test_result_releases rr ON rr.lims_ordered_test_result_id = r.id AND rr.is_released
      JOIN lims_ordered_tests t ON t.id = r.lims_ordered_test_id
      JOIN lims_orders lo ON lo.id = t.lims_order_id WHERE lo.patient_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT DISTINCT lo.patient_id FROM old_rows r
      JOIN lims_ordered_tests t ON t.id = r.lims_ordered_test_id
      JOIN lims_orders lo ON lo.id = t.lims_order_id WHERE lo.patient_id IS NOT NULL));
  ELSE
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT lo.patient_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN lims_ordered_test_result_releases rr ON rr.lims_ordered_test_result_id IN (o.id, n.id) AND rr.is_released
      JOIN lims_ordered_tests t ON t.id IN (o.lims_ordered_test_id, n.lims_ordered_test_id)
      JOIN lims_orders lo ON lo.id = t.lims_order_id
      WHERE lo.patient_id IS NOT NULL AND (n.lims_ordered_test_id <> o.lims_ordered_test_id
        OR n.result IS DISTINCT FROM o.result OR n.flag IS DISTINCT FROM o.flag)
      GROUP BY lo.patient_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Releases: their donors when a row is or was released (release, a release undone, a deletion).
CREATE FUNCTION patient_lab_flags_on_releases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT DISTINCT lo.patient_id FROM new_rows rr
      JOIN lims_ordered_test_results r ON r.id = rr.lims_ordered_test_result_id
      JOIN lims_ordered_tests t ON t.id = r.lims_ordered_test_id
      JOIN lims_orders lo ON lo.id = t.lims_order_id WHERE rr.is_released AND lo.patient_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT DISTINCT lo.patient_id FROM old_rows rr
      JOIN lims_ordered_test_results r ON r.id = rr.lims_ordered_test_result_id
      JOIN lims_ordered_tests t ON t.id = r.lims_ordered_test_id
      JOIN lims_orders lo ON lo.id = t.lims_order_id WHERE rr.is_released AND lo.patient_id IS NOT NULL));
  ELSE
    PERFORM patient_lab_flags_refresh(ARRAY(SELECT lo.patient_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN lims_ordered_test_results r ON r.id IN (o.lims_ordered_test_result_id, n.lims_ordered_test_result_id)
      JOIN lims_ordered_tests t ON t.id = r.lims_ordered_test_id
      JOIN lims_orders lo ON lo.id = t.lims_order_id
      WHERE lo.patient_id IS NOT NULL AND (o.is_released OR n.is_released)
        AND (n.is_released <> o.is_released OR n.lims_ordered_test_result_id <> o.lims_ordered_test_result_id)
      GROUP BY lo.patient_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_order_update AFTER UPDATE ON lims_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_orders();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_order_delete AFTER DELETE ON lims_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_orders();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_test_update AFTER UPDATE ON lims_ordered_tests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_tests();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_test_delete AFTER DELETE ON lims_ordered_tests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_tests();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_result_insert AFTER INSERT ON lims_ordered_test_results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_results();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_result_update AFTER UPDATE ON lims_ordered_test_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_results();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_result_delete AFTER DELETE ON lims_ordered_test_results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_results();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_release_insert AFTER INSERT ON lims_ordered_test_result_releases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_releases();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_release_update AFTER UPDATE ON lims_ordered_test_result_releases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_releases();
--> statement-breakpoint
CREATE TRIGGER patient_lab_flags_on_release_delete AFTER DELETE ON lims_ordered_test_result_releases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_lab_flags_on_releases();
--> statement-breakpoint
-- The released results already stored: every donor with one, in one set-based statement.
SELECT patient_lab_flags_refresh(ARRAY(SELECT DISTINCT lo.patient_id FROM lims_orders lo
  JOIN lims_ordered_tests t ON t.lims_order_id = lo.id
  JOIN lims_ordered_test_results r ON r.lims_ordered_test_id = t.id
  JOIN lims_ordered_test_result_releases rr ON rr.lims_ordered_test_result_id = r.id AND rr.is_released
  WHERE lo.patient_id IS NOT NULL));
--> statement-breakpoint
ANALYZE patient_lab_flags;
