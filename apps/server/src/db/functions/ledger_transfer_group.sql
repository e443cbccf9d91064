-- The transfers that arrive together, written by one statement and one commit (group commit,
-- domain/ledger/transfer.ts): each request by the rules of one transfer, in arrival order,
-- against balances that move as the group goes, and each answered on its own, with its own
-- Idempotency-Key record or its own refusal (SQLSTATE class BK: 401 a remembered session no longer
-- current, 403 not permitted, 404 an account not usable, 409 not enough to spend, 422 a key reused),
-- so that one that cannot be paid never fails its neighbours. Each request brings its own moment
-- (createdAt) and due date: requests of different clocks (a back-dated seed, a test's) may share
-- a group. Its session is checked before anything else answers it, a stored or repeated key
-- included. Locks (db/locks.ts): the group's accounts at once in ascending account-number order,
-- then its keys, written with their answers.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION ledger_transfer_group(
  p_requests jsonb,
  p_debit_description_format text,
  p_credit_description_format text,
  p_success_status integer
) RETURNS jsonb
-- Its statements take arrays whose contents change at every call: planned once, because a custom
-- plan for each call costs more than the statement itself. Every table it reads it reads by key,
-- a few rows: no sequential scans. A school's bank is small, and for a small table the planner
-- prefers reading all of it to a few probes of the primary key; that plan, kept for the
-- connection's life, then reads every row version a busy table leaves behind, and the idempotency
-- keys, a table that grows with every transfer, could get it while still small.
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
LANGUAGE plpgsql AS $$
DECLARE
  v_n integer;
  -- The requests in arrival order: position k is the request with i = k - 1.
  q_user integer[]; q_role text[]; q_bank integer[]; q_permitted boolean[]; q_from text[]; q_to text[];
  q_amount bigint[]; q_transfer uuid[]; q_memo text[]; q_key text[]; q_hash text[]; q_session bigint[];
  q_due timestamptz[]; q_created timestamptz[];
  -- Per request: the first request of the group with its (user, key), a refusal, a stored answer
  -- of a key stored before the group, and the group's accounts it moves money between.
  a_first integer[]; a_error text[]; a_replay jsonb[]; a_src integer[]; a_tgt integer[];
  -- The group's accounts, locked, in account-number order: what may be spent as it moves.
  c_number text[]; c_available bigint[]; c_user integer[]; c_bank integer[]; c_closed boolean[];
  c_type text[]; c_delta bigint[];
  v_numbers text[];
  v_hash text; v_status integer; v_body jsonb;
  v_bodies jsonb;
  v_out jsonb[];
  v_count integer;
  v_k integer; v_f integer; v_s integer; v_t integer;
BEGIN
  SELECT count(*)::integer, array_agg(x."userId" ORDER BY x.i), array_agg(x.role ORDER BY x.i),
         array_agg(x."bankId" ORDER BY x.i), array_agg(x.permitted ORDER BY x.i), array_agg(x."from" ORDER BY x.i),
         array_agg(x."to" ORDER BY x.i), array_agg(x."amountCents" ORDER BY x.i),
         array_agg(x."transferId" ORDER BY x.i), array_agg(x.memo ORDER BY x.i), array_agg(x.key ORDER BY x.i),
         array_agg(x."requestHash" ORDER BY x.i), array_agg(x."sessionId" ORDER BY x.i),
         array_agg(x.due ORDER BY x.i), array_agg(x."createdAt" ORDER BY x.i)
    INTO v_n, q_user, q_role, q_bank, q_permitted, q_from, q_to, q_amount, q_transfer, q_memo, q_key, q_hash,
         q_session, q_due, q_created
    FROM jsonb_to_recordset(p_requests) AS x(i integer, "userId" integer, role text, "bankId" integer,
      permitted boolean, "from" text, "to" text, "amountCents" bigint, "transferId" uuid, memo text, key text,
      "requestHash" text, "sessionId" bigint, due timestamptz, "createdAt" timestamptz);
  IF v_n = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  -- 0. A remembered session (its id given) must still be live, its user the same (BK401 if not):
  --    first, so that a request of a session no longer current is never answered from a key.
  SELECT array_agg(CASE WHEN x.session IS NULL OR EXISTS (
           SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = x.session AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL
              AND u.id = x.uid AND u.role = x.role AND u.bank_id = x.bank AND NOT u.must_change_password)
         THEN NULL ELSE 'BK401' END ORDER BY x.k)
    INTO a_error
    FROM unnest(q_session, q_user, q_role, q_bank) WITH ORDINALITY AS x(session, uid, role, bank, k);
  a_replay := array_fill(NULL::jsonb, ARRAY[v_n]);
  a_src := array_fill(NULL::integer, ARRAY[v_n]);
  a_tgt := array_fill(NULL::integer, ARRAY[v_n]);
  v_out := array_fill(NULL::jsonb, ARRAY[v_n]);

  -- 1. Each key once: a key stored before the group answers its first answer again (or 409 for
  --    another body); a repeat inside the group follows its first, among the requests whose session
  --    holds (a refused session's request is no first to follow, and follows none). Nothing is
  --    claimed here: the group stores its keys with their answers at the end (step 6).
  SELECT array_agg(u.first ORDER BY x.k) INTO a_first
    FROM unnest(q_user, q_key) WITH ORDINALITY AS x(uid, key, k)
    LEFT JOIN (SELECT y.k, min(y.k) OVER (PARTITION BY y.uid, y.key) AS first
                 FROM unnest(q_user, q_key) WITH ORDINALITY AS y(uid, key, k)
                WHERE y.key IS NOT NULL AND a_error[y.k] IS NULL) u ON u.k = x.k;
  FOR v_k, v_hash, v_status, v_body IN
    SELECT x.k, ik.request_hash, ik.response_status, ik.response_body
      FROM unnest(q_user, q_key) WITH ORDINALITY AS x(uid, key, k)
      JOIN idempotency_keys ik ON ik.user_id = x.uid AND ik.key = x.key
     WHERE x.key IS NOT NULL AND a_first[x.k] = x.k AND a_error[x.k] IS NULL
  LOOP
    IF v_status <= 0 THEN
      RAISE EXCEPTION 'an idempotency key is stored without its answer' USING ERRCODE = 'BK500';
    END IF;
    IF v_hash <> q_hash[v_k] THEN
      a_error[v_k] := 'BK422';
    ELSE
      a_replay[v_k] := jsonb_build_object('status', v_status, 'body', v_body, 'replayed', true);
    END IF;
  END LOOP;

  -- 2. Every account the group's new requests name, locked at once in ascending order, as every
  --    money movement locks them (FOR NO KEY UPDATE: posting's claim does not wait for it, db/locks.ts).
  SELECT array_agg(DISTINCT number ORDER BY number) INTO v_numbers FROM (
    SELECT unnest(ARRAY[q_from[k], q_to[k]]) AS number FROM generate_series(1, v_n) AS k
     WHERE a_error[k] IS NULL AND a_replay[k] IS NULL AND (a_first[k] IS NULL OR a_first[k] = k)) wanted;
  SELECT array_agg(a.account_number::text ORDER BY a.account_number),
         -- What may be spent: the balance less what waiting requests hold.
         array_agg(a.balance_cents - a.held_cents ORDER BY a.account_number),
         array_agg(a.user_id ORDER BY a.account_number), array_agg(a.bank_id ORDER BY a.account_number),
         array_agg(a.closed_at IS NOT NULL ORDER BY a.account_number), array_agg(a.type ORDER BY a.account_number)
    INTO c_number, c_available, c_user, c_bank, c_closed, c_type
    FROM (SELECT * FROM accounts WHERE account_number = ANY(coalesce(v_numbers, '{}')::bpchar[])
           ORDER BY account_number FOR NO KEY UPDATE) a;
  c_delta := array_fill(0::bigint, ARRAY[coalesce(array_length(c_number, 1), 0)]);

  -- 3. Each new request in arrival order, by the rules of one transfer, against the moving balances.
  FOR v_k IN 1..v_n LOOP
    CONTINUE WHEN a_error[v_k] IS NOT NULL OR a_replay[v_k] IS NOT NULL OR a_first[v_k] <> v_k;
    IF NOT q_permitted[v_k] THEN
      a_error[v_k] := 'BK403';
      CONTINUE;
    END IF;
    v_s := array_position(c_number, q_from[v_k]);
    v_t := array_position(c_number, q_to[v_k]);
    IF v_s IS NULL OR c_closed[v_s]
       OR (q_role[v_k] = 'USER' AND c_user[v_s] <> q_user[v_k]) OR (q_role[v_k] <> 'USER' AND c_bank[v_s] <> q_bank[v_k])
       OR v_t IS NULL OR c_closed[v_t]
       OR (q_role[v_k] = 'USER' AND c_user[v_t] <> q_user[v_k]) OR (q_role[v_k] <> 'USER' AND c_bank[v_t] <> q_bank[v_k]) THEN
      a_error[v_k] := 'BK404';
      CONTINUE;
    END IF;
    IF c_available[v_s] - q_amount[v_k] < 0 THEN
      a_error[v_k] := 'BK409';
      CONTINUE;
    END IF;
    c_available[v_s] := c_available[v_s] - q_amount[v_k];
    c_available[v_t] := c_available[v_t] + q_amount[v_k];
    c_delta[v_s] := c_delta[v_s] - q_amount[v_k];
    c_delta[v_t] := c_delta[v_t] + q_amount[v_k];
    a_src[v_k] := v_s;
    a_tgt[v_k] := v_t;
  END LOOP;

  -- 4. Every balance of the group in one statement; the CHECK (balance >= 0) guards it again.
  UPDATE accounts a SET balance_cents = a.balance_cents + d.delta
    FROM unnest(c_number::bpchar[], c_delta) AS d(number, delta)
   WHERE a.account_number = d.number AND d.delta <> 0;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> (SELECT count(*) FROM unnest(c_delta) AS d(delta) WHERE d.delta <> 0) THEN
    RAISE EXCEPTION 'a transfer group moved % balances', v_count USING ERRCODE = 'BK500';
  END IF;

  -- 5. Every leg in one statement, in arrival order (debit, then credit); each request's answer
  --    from its two legs, found by its transfer id.
  WITH legs AS (
    SELECT k, 0 AS leg, q_from[k] AS account, 'debit' AS type,
           format(p_debit_description_format, c_type[a_tgt[k]], right(q_to[k], 4)) AS description
      FROM generate_series(1, v_n) AS k WHERE a_src[k] IS NOT NULL
    UNION ALL
    SELECT k, 1, q_to[k], 'credit', format(p_credit_description_format, c_type[a_src[k]], right(q_from[k], 4))
      FROM generate_series(1, v_n) AS k WHERE a_src[k] IS NOT NULL
  ), written AS (
    INSERT INTO transactions (account_number, type, description, amount_cents, status, transaction_date,
                              transfer_id, memo, created_by, created_at)
    SELECT l.account, l.type, l.description, q_amount[l.k], 'pending', q_due[l.k], q_transfer[l.k], q_memo[l.k],
           q_user[l.k], q_created[l.k]
      FROM legs l ORDER BY l.k, l.leg
    RETURNING transfer_id, type, ledger_transaction_json(transactions) AS json
  )
  SELECT jsonb_object_agg(b.k::text, b.body) INTO v_bodies FROM (
    SELECT r.k, jsonb_build_object('transferId', w.transfer_id) || jsonb_object_agg(w.type, w.json) AS body
      FROM written w JOIN unnest(q_transfer) WITH ORDINALITY AS r(transfer_id, k) ON r.transfer_id = w.transfer_id
     GROUP BY r.k, w.transfer_id) b;

  -- 6. Keys: each success stores its key with its answer, in (user, key) order; a refusal stores
  --    none (a request that fails changes nothing, so a retry runs again). A key stored since
  --    step 1 (the same key at once on another path or server) fails the write: the group runs
  --    again as a serialization failure, and then answers that request from the stored key.
  BEGIN
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    SELECT q_user[k], q_key[k], q_hash[k], p_success_status, v_bodies->(k::text)
      FROM generate_series(1, v_n) AS k
     WHERE q_key[k] IS NOT NULL AND a_first[k] = k AND a_src[k] IS NOT NULL
     ORDER BY 1, 2;
  EXCEPTION WHEN unique_violation THEN
    RAISE EXCEPTION 'an idempotency key was stored meanwhile' USING ERRCODE = 'serialization_failure';
  END;

  -- 7. Each answer in arrival order: its own refusal (its session's first); else a repeat inside
  --    the group answers as its first.
  FOR v_k IN 1..v_n LOOP
    v_f := a_first[v_k];
    v_out[v_k] := CASE
      WHEN a_error[v_k] IS NOT NULL THEN jsonb_build_object('error', a_error[v_k])
      WHEN v_f IS NOT NULL AND v_f <> v_k THEN CASE
        WHEN q_hash[v_k] IS DISTINCT FROM q_hash[v_f] THEN jsonb_build_object('error', 'BK422')
        WHEN v_out[v_f] ? 'error' THEN v_out[v_f]
        ELSE v_out[v_f] || jsonb_build_object('replayed', true) END
      WHEN a_replay[v_k] IS NOT NULL THEN a_replay[v_k]
      ELSE jsonb_build_object('status', p_success_status, 'replayed', false, 'body', v_bodies->(v_k::text)) END;
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
