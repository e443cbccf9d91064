-- Issue 35: a Student is told when money arrives on or leaves their account and they did not do it
-- themselves (a payday, an award, a fine, a classmate's transfer, interest, an auction won). A
-- trigger, so that every way money moves (the TypeScript ledger, the transfer function, the group
-- commit) tells in the same transaction: money that did not move tells nobody. Each notice is
-- written by notify_person.sql.
-- A restore copies rows as they are (backup/restore-backup.ts sets bank.restoring): it tells nobody.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
-- The trigger that calls it is made once, by migration 0026 (a trigger made on every migrate
-- would lock transactions at every start).
CREATE OR REPLACE FUNCTION notify_money_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owner_id integer;
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
  PERFORM notify_person(owner_id, CASE WHEN NEW.type = 'credit' THEN 'paid' ELSE 'charged' END,
                        NEW.amount_cents, NEW.description, '/account/' || NEW.account_number);
  RETURN NULL;
END
$$;
