-- Issue 35: one notice to one person, written in the caller's transaction, and pg_notify (sent at
-- commit, to every server process that listens: domain/notifications/hub.ts). The notice keeps
-- facts (its kind, an amount, what it is about); its text is made when it is read.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION notify_person(
  p_user_id integer, p_kind text, p_amount_cents bigint, p_description text, p_link text
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO notifications (user_id, kind, amount_cents, description, link)
  VALUES (p_user_id, p_kind, p_amount_cents, p_description, p_link)
  RETURNING id INTO v_id;
  PERFORM pg_notify('bank_notifications', p_user_id || ':' || v_id);
END
$$;
