-- Issue 22, group commit at the ledger: the transfers that arrive together are written by one
-- statement and one commit, while each keeps its own answer, its own Idempotency-Key record and
-- its own refusal (one that cannot be paid never fails its neighbours). The rules are those of
-- ledger_transfer (one transfer), applied to each request in arrival order against balances
-- that move as the group goes. Locks: every key of the group first (in user, key order), then
-- every account of the group at once in ascending account-number order: two groups, or a group
-- and any other money movement, queue up and never deadlock.
CREATE FUNCTION ledger_transfer_group(
  p_requests jsonb,
  p_due timestamptz,
  p_now timestamptz,
  p_debit_description_format text,
  p_credit_description_format text,
  p_success_status integer
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_count integer;
  v_first idempotency_keys%ROWTYPE;
  v_answers jsonb := '{}'::jsonb;   -- request index -> its answer (or its refusal)
  v_claimed jsonb := '{}'::jsonb;   -- "user:key" -> the index that claimed it in this group
  v_repeats jsonb := '{}'::jsonb;   -- request index -> the index in this group it repeats
  v_accounts jsonb := '{}'::jsonb;  -- account number -> the locked row, its balance moving as we go
  v_numbers text[];
  v_src jsonb;
  v_tgt jsonb;
  v_legs jsonb := '[]'::jsonb;
  v_deltas jsonb := '{}'::jsonb;
  v_row accounts%ROWTYPE;
  v_tx transactions%ROWTYPE;
  v_key text;
  v_result jsonb := '[]'::jsonb;
BEGIN
  -- 1. Each key once: the first request of a (user, key) claims it; a key claimed before answers
  --    its first answer again (or 409 for another body); a repeat inside the group follows its first.
  FOR r IN
    SELECT * FROM jsonb_to_recordset(p_requests) AS x(i integer, "userId" integer, key text, "requestHash" text)
     WHERE key IS NOT NULL ORDER BY "userId", key, i
  LOOP
    v_key := r."userId" || ':' || r.key;
    IF v_claimed ? v_key THEN
      v_repeats := v_repeats || jsonb_build_object(r.i::text, jsonb_build_object(
        'of', v_claimed->v_key->>'i', 'same', (v_claimed->v_key->>'hash') = r."requestHash"));
      CONTINUE;
    END IF;
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    VALUES (r."userId", r.key, r."requestHash", 0, '{}'::jsonb)
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count = 1 THEN
      v_claimed := v_claimed || jsonb_build_object(v_key, jsonb_build_object('i', r.i, 'hash', r."requestHash"));
      CONTINUE;
    END IF;
    SELECT * INTO v_first FROM idempotency_keys WHERE user_id = r."userId" AND key = r.key;
    IF v_first.response_status IS NULL OR v_first.response_status <= 0 THEN
      RAISE EXCEPTION 'an idempotency key is stored without its answer' USING ERRCODE = 'BK500';
    END IF;
    v_answers := v_answers || jsonb_build_object(r.i::text, CASE
      WHEN v_first.request_hash <> r."requestHash" THEN jsonb_build_object('error', 'BK422')
      ELSE jsonb_build_object('status', v_first.response_status, 'body', v_first.response_body, 'replayed', true)
    END);
  END LOOP;

  -- 2. Every account the group's new requests name, locked at once in ascending order.
  SELECT array_agg(DISTINCT n ORDER BY n) INTO v_numbers FROM (
    SELECT x."from" AS n FROM jsonb_to_recordset(p_requests) AS x(i integer, "from" text)
     WHERE NOT (v_answers ? x.i::text) AND NOT (v_repeats ? x.i::text)
    UNION
    SELECT x."to" FROM jsonb_to_recordset(p_requests) AS x(i integer, "to" text)
     WHERE NOT (v_answers ? x.i::text) AND NOT (v_repeats ? x.i::text)) wanted;
  FOR v_row IN
    SELECT * FROM accounts WHERE account_number = ANY(coalesce(v_numbers, '{}')) ORDER BY account_number FOR UPDATE
  LOOP
    v_accounts := v_accounts || jsonb_build_object(v_row.account_number, jsonb_build_object(
      'balance', v_row.balance_cents, 'user', v_row.user_id, 'bank', v_row.bank_id,
      'closed', v_row.closed_at IS NOT NULL, 'type', v_row.type));
  END LOOP;

  -- 3. Each new request in arrival order, by the rules of one transfer, against the moving balances.
  FOR r IN
    SELECT * FROM jsonb_to_recordset(p_requests) AS x(i integer, "userId" integer, role text, "bankId" integer,
      permitted boolean, "from" text, "to" text, "amountCents" bigint, "transferId" uuid, memo text)
    ORDER BY i
  LOOP
    CONTINUE WHEN v_answers ? r.i::text OR v_repeats ? r.i::text;
    IF NOT r.permitted THEN
      v_answers := v_answers || jsonb_build_object(r.i::text, jsonb_build_object('error', 'BK403'));
      CONTINUE;
    END IF;
    v_src := v_accounts->r."from";
    v_tgt := v_accounts->r."to";
    IF v_src IS NULL OR (v_src->>'closed')::boolean
       OR (r.role = 'USER' AND (v_src->>'user')::integer <> r."userId")
       OR (r.role <> 'USER' AND (v_src->>'bank')::integer <> r."bankId")
       OR v_tgt IS NULL OR (v_tgt->>'closed')::boolean
       OR (r.role = 'USER' AND (v_tgt->>'user')::integer <> r."userId")
       OR (r.role <> 'USER' AND (v_tgt->>'bank')::integer <> r."bankId") THEN
      v_answers := v_answers || jsonb_build_object(r.i::text, jsonb_build_object('error', 'BK404'));
      CONTINUE;
    END IF;
    IF (v_src->>'balance')::bigint - r."amountCents" < 0 THEN
      v_answers := v_answers || jsonb_build_object(r.i::text, jsonb_build_object('error', 'BK409'));
      CONTINUE;
    END IF;
    v_accounts := jsonb_set(v_accounts, ARRAY[r."from", 'balance'], to_jsonb((v_src->>'balance')::bigint - r."amountCents"));
    v_accounts := jsonb_set(v_accounts, ARRAY[r."to", 'balance'],
                            to_jsonb((v_accounts->r."to"->>'balance')::bigint + r."amountCents"));
    v_deltas := v_deltas
      || jsonb_build_object(r."from", coalesce((v_deltas->>r."from")::bigint, 0) - r."amountCents")
      || jsonb_build_object(r."to", coalesce((v_deltas->>r."to")::bigint, 0) + r."amountCents");
    v_legs := v_legs || jsonb_build_array(
      jsonb_build_object('i', r.i, 'ord', 2 * r.i, 'account', r."from", 'type', 'debit',
        'description', format(p_debit_description_format, v_tgt->>'type', right(r."to", 4)),
        'amount', r."amountCents", 'transfer', r."transferId", 'memo', r.memo, 'by', r."userId"),
      jsonb_build_object('i', r.i, 'ord', 2 * r.i + 1, 'account', r."to", 'type', 'credit',
        'description', format(p_credit_description_format, v_src->>'type', right(r."from", 4)),
        'amount', r."amountCents", 'transfer', r."transferId", 'memo', r.memo, 'by', r."userId"));
  END LOOP;

  -- 4. Every balance of the group in one statement; the CHECK (balance >= 0) guards it again.
  IF v_deltas <> '{}'::jsonb THEN
    UPDATE accounts a SET balance_cents = a.balance_cents + d.value::bigint
      FROM jsonb_each_text(v_deltas) d
     WHERE a.account_number = d.key;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> (SELECT count(*) FROM jsonb_object_keys(v_deltas)) THEN
      RAISE EXCEPTION 'a transfer group moved % balances', v_count USING ERRCODE = 'BK500';
    END IF;
  END IF;

  -- 5. Every leg in one statement, in arrival order; each request's answer from its two legs.
  FOR v_tx IN
    INSERT INTO transactions (account_number, type, description, amount_cents, status, transaction_date,
                              transfer_id, memo, created_by, created_at)
    SELECT l.account, l.type, l.description, l.amount, 'pending', p_due, l.transfer, l.memo, l.by, p_now
      FROM jsonb_to_recordset(v_legs) AS l(ord integer, account text, type text, description text, amount bigint,
                                          transfer uuid, memo text, by integer)
     ORDER BY l.ord
    RETURNING *
  LOOP
    SELECT (l->>'i') INTO v_key FROM jsonb_array_elements(v_legs) l
     WHERE (l->>'transfer')::uuid = v_tx.transfer_id LIMIT 1;
    v_answers := jsonb_set(
      CASE WHEN v_answers ? v_key THEN v_answers
           ELSE v_answers || jsonb_build_object(v_key, jsonb_build_object(
             'status', p_success_status, 'replayed', false,
             'body', jsonb_build_object('transferId', v_tx.transfer_id))) END,
      ARRAY[v_key, 'body', v_tx.type], ledger_transaction_json(v_tx));
  END LOOP;

  -- 6. Keys: a success stores its answer; a refusal gives its key back (a request that fails
  --    changes nothing, so a retry runs again). A repeat inside the group answers as its first.
  FOR r IN
    SELECT * FROM jsonb_to_recordset(p_requests) AS x(i integer, "userId" integer, key text)
     WHERE key IS NOT NULL
  LOOP
    CONTINUE WHEN NOT (v_claimed ? (r."userId" || ':' || r.key))
             OR (v_claimed->(r."userId" || ':' || r.key)->>'i')::integer <> r.i;
    IF v_answers->r.i::text ? 'error' THEN
      DELETE FROM idempotency_keys WHERE user_id = r."userId" AND key = r.key;
    ELSE
      UPDATE idempotency_keys SET response_status = p_success_status, response_body = v_answers->r.i::text->'body'
       WHERE user_id = r."userId" AND key = r.key;
    END IF;
  END LOOP;
  FOR r IN SELECT key AS i, value AS repeat FROM jsonb_each(v_repeats) LOOP
    v_answers := v_answers || jsonb_build_object(r.i, CASE
      WHEN NOT (r.repeat->>'same')::boolean THEN jsonb_build_object('error', 'BK422')
      WHEN v_answers->(r.repeat->>'of') ? 'error' THEN v_answers->(r.repeat->>'of')
      ELSE (v_answers->(r.repeat->>'of')) || jsonb_build_object('replayed', true)
    END);
  END LOOP;

  SELECT jsonb_agg(v_answers->(x.i::text) ORDER BY x.i) INTO v_result
    FROM jsonb_to_recordset(p_requests) AS x(i integer);
  RETURN v_result;
END;
$$;
