-- An Idempotency-Key claimed inside a money-moving function, by the rules of runIdempotent
-- (domain/ledger/idempotency.ts) for the functions that write one request in one statement
-- (store_place_order, auction_place_bid): NULL when there is no key or it is claimed now (the row
-- is inserted, to be answered by idempotency_answer before the statement ends); the first answer
-- when the key was stored before ({status, body, replayed: true}); BK422 when the key was used
-- for another request. A request racing the first with the same key waits on the key's primary
-- key until the first commits (or rolls back, and then it claims the key itself). A refusal raised
-- later in the statement rolls the claim back with everything else, as failures are not stored.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION idempotency_claim(p_user_id integer, p_key text, p_request_hash text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_first idempotency_keys%ROWTYPE;
BEGIN
  IF p_key IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    VALUES (p_user_id, p_key, p_request_hash, 0, '{}'::jsonb)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_first FROM idempotency_keys WHERE user_id = p_user_id AND key = p_key;
  IF NOT FOUND OR v_first.response_status <= 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'BK500', MESSAGE = 'an idempotency key is stored without its answer';
  END IF;
  IF v_first.request_hash <> p_request_hash THEN
    RAISE EXCEPTION USING ERRCODE = 'BK422', MESSAGE = 'the idempotency key was used for another request';
  END IF;
  RETURN jsonb_build_object('status', v_first.response_status, 'body', v_first.response_body, 'replayed', true);
END
$$;
