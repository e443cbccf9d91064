-- The orders that arrive together, written by one statement and one commit (group commit, as
-- ledger_transfer_group for transfers; domain/store/place-order.ts): orders of one item with stock
-- take turns on its row from their last write to their commit, and each commit is a wait on the
-- disk that the next order would otherwise wait for too. Each order goes by store_place_order, in
-- arrival order (a request of a session the server remembered checked first: BK401 when it is no
-- longer current, session_is_current), in a subtransaction of its own (a BEGIN … EXCEPTION block),
-- so a refused order rolls back its own writes (its key, its hold) and nothing of the others, and
-- each is answered on its own: {status, body, replayed}, or {error: SQLSTATE, detail, message} for
-- a refusal (class BK) or a fault of its own data (22, 23, P0). Anything else (a broken invariant
-- BK500, a deadlock, a timeout) fails the statement, the whole group: the caller runs it again on a
-- deadlock or serialization failure.
-- Locks (db/locks.ts), before the first order: the rows of the Students who order an item with a
-- per-student limit, in ascending id, then every account named, in ascending account number, then
-- the rows of the items with stock, in ascending id (the order Student → account → item, and two
-- groups never wait for each other's items in a circle); the group is one short statement, so
-- the items are held no longer than an order's last write to its commit. Each order's
-- Idempotency-Key is claimed after them, as the transfer group's keys.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION store_order_group(p_orders jsonb, p_success_status integer) RETURNS jsonb
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
LANGUAGE plpgsql AS $$
DECLARE
  v_k integer;
  v_order jsonb;
  v_answer jsonb;
  v_answers jsonb := '[]'::jsonb;
  v_detail text;
  v_message text;
BEGIN
  PERFORM 1 FROM users
   WHERE id = ANY (ARRAY(
           SELECT x."userId" FROM jsonb_to_recordset(p_orders) AS x("userId" integer, "itemId" integer)
             JOIN store_items i ON i.id = x."itemId"
            WHERE i.per_student_limit IS NOT NULL))
   ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM accounts
   WHERE account_number = ANY (ARRAY(
           SELECT x."accountNumber"::char(10) FROM jsonb_to_recordset(p_orders) AS x("accountNumber" text)))
   ORDER BY account_number FOR NO KEY UPDATE;
  PERFORM 1 FROM store_items
   WHERE id = ANY (ARRAY(SELECT x."itemId" FROM jsonb_to_recordset(p_orders) AS x("itemId" integer)))
     AND stock IS NOT NULL
   ORDER BY id FOR NO KEY UPDATE;
  FOR v_k IN 0 .. jsonb_array_length(p_orders) - 1 LOOP
    v_order := p_orders -> v_k;
    BEGIN
      IF NOT session_is_current(v_order) THEN
        RAISE EXCEPTION USING ERRCODE = 'BK401', MESSAGE = 'the remembered session is not current';
      END IF;
      v_answer := store_place_order((v_order ->> 'userId')::integer, (v_order ->> 'bankId')::integer,
        (v_order ->> 'branchId')::integer, (v_order ->> 'isStudent')::boolean, (v_order ->> 'itemId')::integer,
        v_order ->> 'accountNumber', (v_order ->> 'now')::timestamptz, (v_order ->> 'expiresAt')::timestamptz,
        v_order ->> 'key', v_order ->> 'requestHash', p_success_status);
    EXCEPTION WHEN OTHERS THEN
      IF SQLSTATE = 'BK500' OR left(SQLSTATE, 2) NOT IN ('BK', '22', '23', 'P0') THEN
        RAISE;
      END IF;
      GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL, v_message = MESSAGE_TEXT;
      v_answer := jsonb_build_object('error', SQLSTATE, 'detail', nullif(v_detail, ''), 'message', v_message);
    END;
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;
