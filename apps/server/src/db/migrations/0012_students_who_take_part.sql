-- Issue 24, students who take part (API.md "Students who take part"): class bankers and the
-- bank's limit for approving their requests at once, the requests themselves, the money a waiting
-- withdrawal request holds (accounts.held_cents: every debit checks balance - held, and a CHECK
-- makes the database refuse any that would spend held money), and savings goals. Both transfer
-- functions check what may be spent instead of the balance.
ALTER TABLE "banks" ADD COLUMN "banker_limit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_banker_limit_not_negative" CHECK ("banks"."banker_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_banker_is_student" CHECK (not "users"."banker" or "users"."role" = 'USER');--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_covers_holds" CHECK ("accounts"."held_cents" >= 0 and "accounts"."balance_cents" >= "accounts"."held_cents");--> statement-breakpoint
CREATE TABLE "banker_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_number" char(10) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"memo" text,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banker_requests_kind_valid" CHECK ("banker_requests"."kind" in ('deposit', 'withdrawal')),
	CONSTRAINT "banker_requests_status_valid" CHECK ("banker_requests"."status" in ('waiting', 'approved', 'rejected', 'expired', 'cancelled')),
	CONSTRAINT "banker_requests_amount_positive" CHECK ("banker_requests"."amount_cents" > 0),
	CONSTRAINT "banker_requests_memo_length" CHECK ("banker_requests"."memo" is null or length("banker_requests"."memo") between 1 and 60),
	CONSTRAINT "banker_requests_approved_moved" CHECK (("banker_requests"."status" = 'approved') = ("banker_requests"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banker_requests_bank_status_idx" ON "banker_requests" USING btree ("bank_id","status","created_at");--> statement-breakpoint
CREATE INDEX "banker_requests_requested_by_idx" ON "banker_requests" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "banker_requests_expiry_idx" ON "banker_requests" USING btree ("expires_at") WHERE "banker_requests"."status" = 'waiting';--> statement-breakpoint
CREATE TABLE "goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_number" char(10) NOT NULL,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"target_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reached_at" timestamp with time zone,
	CONSTRAINT "goals_name_length" CHECK (length("goals"."name") between 1 and 60),
	CONSTRAINT "goals_amount_positive" CHECK ("goals"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_account_idx" ON "goals" USING btree ("account_number");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_valid" CHECK ("audit_log"."action" in ('update', 'delete', 'reverse', 'batch.reverse', 'schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.delete', 'schedule.run', 'request.approve', 'request.reject', 'request.cancel', 'request.expire'));--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transfer_group(
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
      -- What may be spent: the balance less what waiting requests hold (issue 24).
      'balance', v_row.balance_cents - v_row.held_cents, 'user', v_row.user_id, 'bank', v_row.bank_id,
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
