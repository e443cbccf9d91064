-- POST /user/auctions/{auctionId}/bids as one function (domain/auctions/place-bid.ts): a
-- Student's bid holds its amount and releases the holding bid it beats, with its Idempotency-Key
-- and answer, called for each bid of a group by auction_bid_group, so that bids, which take turns
-- on the auction's row, pay no round trip per step under it (ADR 0123).
-- Refusals (SQLSTATE class BK, mapped to the API's answers in place-bid.ts) write nothing, the
-- key and the release included: BK403 not a Student, BK404 the auction or the account is not
-- theirs to use, BKEND the auction ended (or its time has come), BKLOW below the starting bid or
-- the high bid and the increment, BK409 not enough available (DETAIL: the account's balance and
-- held, after the release), BK422 a key reused.
-- Locks (db/locks.ts): the key's row; the auction's row (bids take turns: each is judged against
-- the high bid the one before left); the bidder's account and the holding bid's, in ascending
-- account number. auction_bid_group takes the auctions and accounts before the first bid's key.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION auction_place_bid(
  p_user_id integer,
  p_bank_id integer,
  p_branch_id integer,
  p_is_student boolean,
  p_auction_id integer,
  p_account_number text,
  p_amount_cents bigint,
  p_now timestamptz,
  p_extension_seconds integer,
  p_extensions_max integer,
  p_key text,
  p_request_hash text,
  p_success_status integer
) RETURNS jsonb
-- As ledger_transfer_group: a few rows read by key at every call, one generic plan, no
-- sequential scans (the idempotency keys grow with every request).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_auction auctions%ROWTYPE;
  v_high auction_bids%ROWTYPE;
  v_has_high boolean;
  v_least bigint;
  v_row accounts%ROWTYPE;
  v_account accounts%ROWTYPE;
  v_found boolean := false;
  v_held bigint;
  v_window interval := make_interval(secs => p_extension_seconds);
  v_body jsonb;
BEGIN
  v_replay := idempotency_claim(p_user_id, p_key, p_request_hash);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF NOT p_is_student THEN
    RAISE EXCEPTION USING ERRCODE = 'BK403', MESSAGE = 'only a Student bids';
  END IF;
  SELECT * INTO v_auction FROM auctions WHERE id = p_auction_id FOR NO KEY UPDATE;
  IF NOT FOUND OR v_auction.bank_id <> p_bank_id
     OR (v_auction.branch_id IS NOT NULL AND v_auction.branch_id IS DISTINCT FROM p_branch_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'BK404', MESSAGE = 'no such auction to bid on';
  END IF;
  IF v_auction.status <> 'open' OR v_auction.ends_at <= p_now THEN
    RAISE EXCEPTION USING ERRCODE = 'BKEND', MESSAGE = 'auction ended';
  END IF;
  SELECT * INTO v_high FROM auction_bids WHERE auction_id = v_auction.id AND status = 'holding';
  v_has_high := FOUND;
  v_least := CASE WHEN v_has_high THEN v_high.amount_cents + v_auction.min_increment_cents
                  ELSE v_auction.starting_bid_cents END;
  -- The bidder's account and the holding bid's, locked in ascending account number.
  FOR v_row IN
    SELECT * FROM accounts
     WHERE account_number = ANY (CASE WHEN v_has_high THEN ARRAY[p_account_number::char(10), v_high.account_number]
                                      ELSE ARRAY[p_account_number::char(10)] END)
     ORDER BY account_number FOR NO KEY UPDATE
  LOOP
    IF v_row.account_number = p_account_number::char(10) THEN
      v_account := v_row;
      v_found := true;
    END IF;
  END LOOP;
  IF NOT v_found OR v_account.closed_at IS NOT NULL OR v_account.user_id <> p_user_id THEN
    RAISE EXCEPTION USING ERRCODE = 'BK404', MESSAGE = 'no such account to bid from';
  END IF;
  IF p_amount_cents < v_least THEN
    RAISE EXCEPTION USING ERRCODE = 'BKLOW', MESSAGE = 'bid too low';
  END IF;
  -- The high bid is released first: a Student raising their own bid needs only the difference.
  IF v_has_high THEN
    UPDATE accounts SET held_cents = held_cents - v_high.held_cents
     WHERE account_number = v_high.account_number
     RETURNING held_cents INTO v_held;
    IF v_held IS NULL OR v_held < 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'BK500', MESSAGE = format('the hold on %s went below zero', v_high.account_number);
    END IF;
    IF v_high.account_number = v_account.account_number THEN
      v_account.held_cents := v_held;
    END IF;
    UPDATE auction_bids SET status = 'released' WHERE id = v_high.id AND status = 'holding';
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'BK500', MESSAGE = format('bid %s was no longer holding', v_high.id);
    END IF;
    -- Issue 35: the Student outbid is told, in this transaction (no notice for a bid refused).
    IF v_high.user_id <> p_user_id THEN
      PERFORM notify_person(v_high.user_id, 'outbid', v_high.held_cents, v_auction.name,
                            '/' || v_auction.bank_id || '/auctions');
    END IF;
  END IF;
  IF v_account.balance_cents - v_account.held_cents - p_amount_cents < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'BK409', MESSAGE = 'not enough available',
      DETAIL = jsonb_build_object('balanceCents', v_account.balance_cents, 'heldCents', v_account.held_cents)::text;
  END IF;
  UPDATE accounts SET held_cents = held_cents + p_amount_cents
   WHERE account_number = v_account.account_number
   RETURNING held_cents INTO v_held;
  IF v_held IS NULL OR v_held < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'BK500', MESSAGE = format('the hold on %s went below zero', v_account.account_number);
  END IF;
  INSERT INTO auction_bids (auction_id, account_number, user_id, amount_cents, held_cents, created_at)
    VALUES (v_auction.id, v_account.account_number, p_user_id, p_amount_cents, p_amount_cents, p_now);
  -- A bid in the last minute moves the end a minute later, at most p_extensions_max times.
  IF v_auction.ends_at - p_now <= v_window AND v_auction.extensions < p_extensions_max THEN
    UPDATE auctions SET ends_at = ends_at + v_window, extensions = extensions + 1
     WHERE id = v_auction.id
     RETURNING * INTO v_auction;
  END IF;
  -- The API's Auction (domain/auctions/auction-view.ts, toAuction) as the bidding Student sees it.
  SELECT jsonb_build_object(
    'auctionId', v_auction.id,
    'bankId', v_auction.bank_id,
    'branchId', v_auction.branch_id,
    'name', v_auction.name,
    'description', v_auction.description,
    'startingBid', v_auction.starting_bid_cents::numeric / 100,
    'minIncrement', v_auction.min_increment_cents::numeric / 100,
    'endsAt', to_char(v_auction.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', v_auction.status,
    'highBid', (SELECT max(b.amount_cents) FROM auction_bids b WHERE b.auction_id = v_auction.id)::numeric / 100,
    'myBid', (SELECT max(b.amount_cents) FROM auction_bids b
               WHERE b.auction_id = v_auction.id AND b.user_id = p_user_id)::numeric / 100,
    'winner', CASE WHEN w.user_id = p_user_id THEN u.username END,
    'transactionId', CASE WHEN w.user_id = p_user_id THEN v_auction.transaction_id END)
    INTO v_body
    FROM (SELECT 1) AS one
    LEFT JOIN auction_bids w ON w.auction_id = v_auction.id AND w.status = 'won'
    LEFT JOIN users u ON u.id = w.user_id;
  RETURN idempotency_answer(p_user_id, p_key, p_success_status, v_body);
END
$$;
