-- The API's Transaction (domain/ledger/to-transaction.ts) as the database builds it, for the
-- answers the transfer function stores and returns: a change to that shape, or to the columns of
-- transactions it reads, is a change here. STABLE, as what it calls (to_char) is: the planner can
-- then inline it into the statement that writes the legs.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION ledger_transaction_json(t transactions) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  -- The API's Transaction (domain/ledger/to-transaction.ts), for answers stored by the database.
  SELECT jsonb_build_object(
    'id', t.id,
    'accountId', t.account_number,
    'type', t.type,
    'description', t.description,
    'amount', t.amount_cents::numeric / 100,
    'transactionDate', to_char(t.transaction_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'postedDate', to_char(t.posted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', t.status,
    'accountBalance', t.account_balance_cents::numeric / 100,
    'transferId', t.transfer_id,
    'memo', t.memo,
    'batchId', t.batch_id,
    'reversalOf', t.reversal_of,
    'reversedBy', t.reversed_by,
    'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;
