-- POST /user/orders as one function (domain/store/place-order.ts): a Student's order, its hold
-- and one taken from stock, with its Idempotency-Key and answer, called for each order of a
-- group by store_order_group, so that orders pay no round trip per step under their locks.
-- Refusals (SQLSTATE class BK, mapped to the API's answers in place-order.ts) write nothing, the
-- key included: BK403 not a Student, BK404 the item or the account is not theirs to use, BKSLD
-- sold out, BKLIM the per-student limit reached, BK409 not enough available (DETAIL: the price,
-- the account's balance, held, and held by its waiting orders, for the message), BK422 a key
-- reused.
-- Locks (db/locks.ts): the key's row; the Student's row, only for an item with a per-student
-- limit (their orders are counted one at a time); the account; the item's row, by the
-- conditional update that takes one from stock as the last write (ADR 0122), so orders of one
-- item queue on it only from there to the commit. The item is read first without a lock.
-- store_order_group takes the Students' rows and the accounts before the first order's key.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION store_place_order(
  p_user_id integer,
  p_bank_id integer,
  p_branch_id integer,
  p_is_student boolean,
  p_item_id integer,
  p_account_number text,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_key text,
  p_request_hash text,
  p_success_status integer
) RETURNS jsonb
-- As ledger_transfer_group: a few rows read by key at every call, one generic plan, no
-- sequential scans (the idempotency keys grow with every request).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_item store_items%ROWTYPE;
  v_account accounts%ROWTYPE;
  v_counted integer;
  v_held_by_orders bigint;
  v_held bigint;
  v_order store_orders%ROWTYPE;
  v_student users%ROWTYPE;
  v_body jsonb;
BEGIN
  v_replay := idempotency_claim(p_user_id, p_key, p_request_hash);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF NOT p_is_student THEN
    RAISE EXCEPTION USING ERRCODE = 'BK403', MESSAGE = 'only a Student orders';
  END IF;
  SELECT * INTO v_item FROM store_items WHERE id = p_item_id;
  IF NOT FOUND OR v_item.bank_id <> p_bank_id OR v_item.deleted_at IS NOT NULL OR NOT v_item.active
     OR (v_item.branch_id IS NOT NULL AND v_item.branch_id IS DISTINCT FROM p_branch_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'BK404', MESSAGE = 'no such item to order';
  END IF;
  IF v_item.per_student_limit IS NOT NULL THEN
    PERFORM 1 FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
  END IF;
  SELECT * INTO v_account FROM accounts WHERE account_number = p_account_number::char(10) FOR NO KEY UPDATE;
  IF NOT FOUND OR v_account.closed_at IS NOT NULL OR v_account.user_id <> p_user_id THEN
    RAISE EXCEPTION USING ERRCODE = 'BK404', MESSAGE = 'no such account to pay from';
  END IF;
  IF v_item.stock = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'BKSLD', MESSAGE = 'sold out';
  END IF;
  IF v_item.per_student_limit IS NOT NULL THEN
    SELECT count(*)::integer INTO v_counted FROM store_orders
     WHERE item_id = v_item.id AND user_id = p_user_id AND status IN ('waiting', 'fulfilled');
    IF v_counted >= v_item.per_student_limit THEN
      RAISE EXCEPTION USING ERRCODE = 'BKLIM', MESSAGE = 'per-student limit reached';
    END IF;
  END IF;
  IF v_account.balance_cents - v_account.held_cents - v_item.price_cents < 0 THEN
    SELECT coalesce(sum(held_cents), 0) INTO v_held_by_orders FROM store_orders
     WHERE account_number = v_account.account_number AND status = 'waiting';
    RAISE EXCEPTION USING ERRCODE = 'BK409', MESSAGE = 'not enough available',
      DETAIL = jsonb_build_object('priceCents', v_item.price_cents, 'balanceCents', v_account.balance_cents,
                                  'heldCents', v_account.held_cents, 'heldByOrdersCents', v_held_by_orders)::text;
  END IF;
  UPDATE accounts SET held_cents = held_cents + v_item.price_cents
   WHERE account_number = v_account.account_number
   RETURNING held_cents INTO v_held;
  IF v_held IS NULL OR v_held < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'BK500', MESSAGE = format('the hold on %s went below zero', v_account.account_number);
  END IF;
  INSERT INTO store_orders (bank_id, item_id, item_name, account_number, user_id, price_cents, held_cents,
                            created_at, expires_at)
    VALUES (v_item.bank_id, v_item.id, v_item.name, v_account.account_number, p_user_id, v_item.price_cents,
            v_item.price_cents, p_now, p_expires_at)
    RETURNING * INTO v_order;
  SELECT * INTO v_student FROM users WHERE id = p_user_id;
  -- The API's StoreOrder (domain/store/order-view.ts, toOrder) of an order just made.
  v_body := jsonb_build_object(
    'orderId', v_order.id,
    'itemId', v_order.item_id,
    'itemName', v_order.item_name,
    'accountId', v_order.account_number::text,
    'username', v_student.username,
    'studentName', v_student.name,
    'price', v_order.price_cents::numeric / 100,
    'status', v_order.status,
    'createdAt', to_char(v_order.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'expiresAt', to_char(v_order.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'decidedBy', NULL,
    'decidedAt', NULL,
    'reason', v_order.reason,
    'transactionId', v_order.transaction_id);
  IF v_item.stock IS NOT NULL THEN
    UPDATE store_items SET stock = stock - 1 WHERE id = v_item.id AND (stock IS NULL OR stock > 0);
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'BKSLD', MESSAGE = 'sold out';
    END IF;
  END IF;
  RETURN idempotency_answer(p_user_id, p_key, p_success_status, v_body);
END
$$;
