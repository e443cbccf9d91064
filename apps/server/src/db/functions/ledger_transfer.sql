-- One transfer inside the caller's transaction (domain/ledger/transfer.ts): claims the
-- Idempotency-Key, checks the shared rule's answer (p_permitted), locks both accounts in ascending
-- number order, checks they are usable by the actor and that the source can spend the amount,
-- moves both balances, writes both pending legs and stores the answer. Any refusal raises
-- (SQLSTATE class BK) and the statement writes nothing.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_user_id integer,
  p_role text,
  p_bank_id integer,
  p_permitted boolean,
  p_from text,
  p_to text,
  p_amount_cents bigint,
  p_transfer_id uuid,
  p_due timestamptz,
  p_now timestamptz,
  p_debit_description_format text,
  p_credit_description_format text,
  p_memo text,
  p_key text,
  p_request_hash text,
  p_success_status integer
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_claimed integer;
  v_first idempotency_keys%ROWTYPE;
  v_source accounts%ROWTYPE;
  v_target accounts%ROWTYPE;
  v_row accounts%ROWTYPE;
  v_debit transactions%ROWTYPE;
  v_credit transactions%ROWTYPE;
  v_changed integer;
  v_answer jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    -- A repeat racing the first waits here on the key's primary key until the first commits.
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    VALUES (p_user_id, p_key, p_request_hash, 0, '{}'::jsonb)
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS v_claimed = ROW_COUNT;
    IF v_claimed = 0 THEN
      SELECT * INTO v_first FROM idempotency_keys WHERE user_id = p_user_id AND key = p_key;
      IF v_first.response_status IS NULL OR v_first.response_status <= 0 THEN
        RAISE EXCEPTION 'an idempotency key is stored without its answer' USING ERRCODE = 'BK500';
      END IF;
      IF v_first.request_hash <> p_request_hash THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'BK422';
      END IF;
      RETURN jsonb_build_object('status', v_first.response_status, 'body', v_first.response_body, 'replayed', true);
    END IF;
  END IF;

  -- Who may transfer is decided by the shared rule (mayMoveMoney) before the call; refused after
  -- the key's claim, so that a repeat of a key that moved money still gets its first answer.
  IF NOT p_permitted THEN
    RAISE EXCEPTION 'may not transfer' USING ERRCODE = 'BK403';
  END IF;

  -- Both locks in ascending account-number order: two transfers on the same accounts queue up.
  FOR v_row IN
    SELECT * FROM accounts WHERE account_number IN (p_from, p_to) ORDER BY account_number FOR UPDATE
  LOOP
    IF v_row.account_number = p_from THEN v_source := v_row; ELSE v_target := v_row; END IF;
  END LOOP;
  -- Usable: it exists, it is open, and it is the actor's own (USER) or of the actor's bank (staff).
  IF v_source.account_number IS NULL OR v_source.closed_at IS NOT NULL
     OR (p_role = 'USER' AND v_source.user_id <> p_user_id)
     OR (p_role <> 'USER' AND v_source.bank_id <> p_bank_id)
     OR v_target.account_number IS NULL OR v_target.closed_at IS NOT NULL
     OR (p_role = 'USER' AND v_target.user_id <> p_user_id)
     OR (p_role <> 'USER' AND v_target.bank_id <> p_bank_id) THEN
    RAISE EXCEPTION 'account not found' USING ERRCODE = 'BK404';
  END IF;
  -- What may be spent is the balance less what waiting requests hold (issue 24).
  IF v_source.balance_cents - v_source.held_cents - p_amount_cents < 0 THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'BK409';
  END IF;

  UPDATE accounts
     SET balance_cents = balance_cents + CASE WHEN account_number = p_from THEN -p_amount_cents ELSE p_amount_cents END
   WHERE account_number IN (p_from, p_to);
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  IF v_changed <> 2 THEN
    RAISE EXCEPTION 'a transfer moved % balances, not 2', v_changed USING ERRCODE = 'BK500';
  END IF;

  INSERT INTO transactions (account_number, type, description, amount_cents, status, transaction_date,
                            transfer_id, memo, created_by, created_at)
  VALUES (p_from, 'debit', format(p_debit_description_format, v_target.type, right(v_target.account_number, 4)),
          p_amount_cents, 'pending', p_due, p_transfer_id, p_memo, p_user_id, p_now)
  RETURNING * INTO v_debit;
  INSERT INTO transactions (account_number, type, description, amount_cents, status, transaction_date,
                            transfer_id, memo, created_by, created_at)
  VALUES (p_to, 'credit', format(p_credit_description_format, v_source.type, right(v_source.account_number, 4)),
          p_amount_cents, 'pending', p_due, p_transfer_id, p_memo, p_user_id, p_now)
  RETURNING * INTO v_credit;

  v_answer := jsonb_build_object(
    'transferId', p_transfer_id,
    'debit', ledger_transaction_json(v_debit),
    'credit', ledger_transaction_json(v_credit));
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_success_status, response_body = v_answer
     WHERE user_id = p_user_id AND key = p_key;
  END IF;
  RETURN jsonb_build_object('status', p_success_status, 'body', v_answer, 'replayed', false);
END;
$$;
