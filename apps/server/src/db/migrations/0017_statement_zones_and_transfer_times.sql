-- The transfer group's function takes each request's own moment and due date inside its requests,
-- no longer one pair for the group: its arguments change, which CREATE OR REPLACE cannot do, so
-- the old one goes here and db/functions/ledger_transfer_group.sql defines the new one.
DROP FUNCTION IF EXISTS ledger_transfer_group(jsonb, timestamptz, timestamptz, text, text, integer);
--> statement-breakpoint
-- The time zone a statement's month was cut in (the bank's, when it was issued). The statements
-- issued before months followed the bank's zone were cut in UTC, and an issued statement never
-- changes; the next one starts where its predecessor ended.
ALTER TABLE statements ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
--> statement-breakpoint
ALTER TABLE statements ALTER COLUMN time_zone DROP DEFAULT;
