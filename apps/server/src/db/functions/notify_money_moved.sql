-- Issue 35: a Student is told when money arrives on or leaves their account and they did not do it
-- themselves (a payday, an award, a fine, a classmate's transfer, interest, an auction won). A
-- trigger, so that every way money moves (the TypeScript ledger, the transfer function, the group
-- commit) tells in the same transaction: money that did not move tells nobody. pg_notify is sent at
-- commit, to every server process that listens (domain/notifications/hub.ts).
-- A restore copies rows as they are (backup/restore-backup.ts sets bank.restoring): it tells nobody.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION notify_money_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owner_id integer;
  notice_id bigint;
BEGIN
  IF coalesce(current_setting('bank.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT a.user_id INTO owner_id
    FROM accounts a JOIN users u ON u.id = a.user_id
   WHERE a.account_number = NEW.account_number AND u.role = 'USER';
  IF owner_id IS NULL OR owner_id = NEW.created_by THEN
    RETURN NULL;
  END IF;
  INSERT INTO notifications (user_id, kind, amount_cents, description, link)
  VALUES (owner_id, CASE WHEN NEW.type = 'credit' THEN 'paid' ELSE 'charged' END,
          NEW.amount_cents, NEW.description, '/account/' || NEW.account_number)
  RETURNING id INTO notice_id;
  PERFORM pg_notify('bank_notifications', owner_id || ':' || notice_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_notify_money_moved
AFTER INSERT ON transactions
FOR EACH ROW EXECUTE FUNCTION notify_money_moved();
