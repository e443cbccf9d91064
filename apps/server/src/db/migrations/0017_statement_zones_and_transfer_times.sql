-- The transfer group's function takes each request's own moment and due date inside its requests,
-- no longer one pair for the group: its arguments change, which CREATE OR REPLACE cannot do, so
-- the old one goes here and db/functions/ledger_transfer_group.sql defines the new one.
DROP FUNCTION IF EXISTS ledger_transfer_group(jsonb, timestamptz, timestamptz, text, text, integer);
