-- The bids that arrive together, written by one statement and one commit (group commit, as
-- ledger_transfer_group for transfers; domain/auctions/place-bid.ts): bids on one auction take
-- turns on its row, and each commit is a wait on the disk that the next bid would otherwise wait
-- for too. Each bid goes by auction_place_bid, in arrival order (a request of a session the server
-- remembered checked first: BK401 when it is no longer current, session_is_current), in a
-- subtransaction of its own (a BEGIN … EXCEPTION block), so a refused bid rolls back its own writes
-- (its key, its release) and nothing of the others, and each is answered on its own: {status, body,
-- replayed}, or {error: SQLSTATE, detail, message} for a refusal (class BK) or a fault of its own
-- data (22, 23, P0). Anything else (a broken invariant BK500, a deadlock, a timeout) fails the
-- statement, the whole group: the caller runs it again on a deadlock or serialization failure.
-- Locks (db/locks.ts): the group's auctions in ascending id, then every account it may touch
-- (each bidder's, and the holding bid's of each auction) in ascending account number, before the
-- first bid; each bid's Idempotency-Key is claimed after them, as the transfer group's keys.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION auction_bid_group(
  p_bids jsonb,
  p_extension_seconds integer,
  p_extensions_max integer,
  p_success_status integer
) RETURNS jsonb
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
LANGUAGE plpgsql AS $$
DECLARE
  v_k integer;
  v_bid jsonb;
  v_ids integer[];
  v_answer jsonb;
  v_answers jsonb := '[]'::jsonb;
  v_detail text;
  v_message text;
BEGIN
  SELECT array_agg(DISTINCT x."auctionId") INTO v_ids
    FROM jsonb_to_recordset(p_bids) AS x("auctionId" integer);
  PERFORM 1 FROM auctions WHERE id = ANY (v_ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM accounts
   WHERE account_number = ANY (ARRAY(
           SELECT x."accountNumber"::char(10) FROM jsonb_to_recordset(p_bids) AS x("accountNumber" text)
           UNION
           SELECT b.account_number FROM auction_bids b WHERE b.auction_id = ANY (v_ids) AND b.status = 'holding'))
   ORDER BY account_number FOR NO KEY UPDATE;
  FOR v_k IN 0 .. jsonb_array_length(p_bids) - 1 LOOP
    v_bid := p_bids -> v_k;
    BEGIN
      IF NOT session_is_current(v_bid) THEN
        RAISE EXCEPTION USING ERRCODE = 'BK401', MESSAGE = 'the remembered session is not current';
      END IF;
      v_answer := auction_place_bid((v_bid ->> 'userId')::integer, (v_bid ->> 'bankId')::integer,
        (v_bid ->> 'branchId')::integer, (v_bid ->> 'isStudent')::boolean, (v_bid ->> 'auctionId')::integer,
        v_bid ->> 'accountNumber', (v_bid ->> 'amountCents')::bigint, (v_bid ->> 'now')::timestamptz,
        p_extension_seconds, p_extensions_max, v_bid ->> 'key', v_bid ->> 'requestHash', p_success_status);
    EXCEPTION WHEN OTHERS THEN
      IF SQLSTATE = 'BK500' OR left(SQLSTATE, 2) NOT IN ('BK', '22', '23', 'P0') THEN
        RAISE;
      END IF;
      GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL, v_message = MESSAGE_TEXT;
      v_answer := jsonb_build_object('error', SQLSTATE, 'detail', nullif(v_detail, ''), 'message', v_message);
    END;
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;
