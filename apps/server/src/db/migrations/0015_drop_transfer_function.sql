-- Issue 31: the one-transfer function ledger_transfer is no longer used. A transfer given an open
-- transaction runs the group function (ledger_transfer_group) on that transaction, as a group of
-- one (domain/ledger/transfer.ts), so one function keeps the rules of a transfer. A database
-- created since the functions moved to db/functions never had it, hence IF EXISTS.
DROP FUNCTION IF EXISTS ledger_transfer(integer, text, integer, boolean, text, text, bigint, uuid, timestamptz,
                                        timestamptz, text, text, text, text, text, integer);
