-- The answer of a request whose key idempotency_claim claimed (nothing without a key), stored in
-- the same statement as its money move, and the function's answer: {status, body, replayed: false}.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION idempotency_answer(p_user_id integer, p_key text, p_status integer, p_body jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_status, response_body = p_body
     WHERE user_id = p_user_id AND key = p_key;
  END IF;
  RETURN jsonb_build_object('status', p_status, 'body', p_body, 'replayed', false);
END
$$;
