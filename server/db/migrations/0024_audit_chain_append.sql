-- Appends one row to an institution's audit hash chain in a single call (server/platform/audit.ts): the
-- chain lock, the read of the chain's head and the insert were three round trips from the server, each
-- waiting for the server's event loop while the lock was held, so every write of an institution queued
-- behind them. The function is VOLATILE: in READ COMMITTED each of its statements takes a fresh snapshot,
-- so the head is read after the lock is granted and sees the previous holder's committed row.
-- p_prefix is the row's canonical form (server/platform/audit-hash.ts) without its last element and the
-- closing bracket; the previous hash is appended here as a JSON string (or null), so the SHA-256 is
-- exactly auditRowHash's.
CREATE FUNCTION audit_chain_append(
  p_institution_id integer, p_account_id integer, p_at timestamptz, p_entity text, p_entity_id text, p_action text,
  p_before jsonb, p_after jsonb, p_address text, p_prefix text
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  head text;
BEGIN
  PERFORM pg_advisory_xact_lock(7271018, coalesce(p_institution_id, -1));
  IF p_institution_id IS NULL THEN
    SELECT hash INTO head FROM audit_events WHERE institution_id IS NULL ORDER BY id DESC LIMIT 1;
  ELSE
    SELECT hash INTO head FROM audit_events WHERE institution_id = p_institution_id ORDER BY id DESC LIMIT 1;
  END IF;
  INSERT INTO audit_events (at, account_id, institution_id, entity, entity_id, action, before, after, address, prev_hash, hash)
  VALUES (p_at, p_account_id, p_institution_id, p_entity, p_entity_id, p_action, p_before, p_after, p_address, head,
    encode(sha256(convert_to(p_prefix || ',' || coalesce(to_json(head)::text, 'null') || ']', 'UTF8')), 'hex'));
END $$;
