-- Issue 33 (API.md "Teachers without dead ends"):
-- 1. Goals share nothing: an account's goals fill in their order, so each has a place (1 fills
--    first). Existing goals keep the order they had (oldest first). The unique place is checked at
--    commit (DEFERRABLE), so that moving one goal shifts the others in one statement.
-- 2. Transactions gain createdAt in the API (the column was always written). The answers stored
--    for Idempotency-Key repeats (kept 7 days) were written without it; a repeat must answer the
--    same shape as today's, so each stored Transaction gets its row's created_at.
-- 3. A session opened with a temporary password may choose the new password without typing the
--    temporary one again, for a short while after the sign-in (docs/security.md).
ALTER TABLE "goals" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "goals" AS g SET "position" = o.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "account_number" ORDER BY "created_at", "id") AS n FROM "goals") AS o
 WHERE o."id" = g."id";--> statement-breakpoint
ALTER TABLE "goals" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_position_range" CHECK ("goals"."position" between 1 and 5);--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_account_position_unique" UNIQUE ("account_number", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE FUNCTION "migration_0021_with_created_at"(v jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb;
BEGIN
  IF jsonb_typeof(v) = 'array' THEN
    SELECT coalesce(jsonb_agg(migration_0021_with_created_at(x) ORDER BY n), '[]'::jsonb) INTO v_out
      FROM jsonb_array_elements(v) WITH ORDINALITY AS a(x, n);
    RETURN v_out;
  END IF;
  IF jsonb_typeof(v) <> 'object' THEN
    RETURN v;
  END IF;
  -- A Transaction (ledger_transaction_json's shape): its row's created_at, as that function writes dates.
  IF v ? 'transactionDate' AND v ? 'id' AND v ? 'accountId' AND NOT v ? 'createdAt' THEN
    RETURN v || jsonb_build_object('createdAt', coalesce(
      (SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         FROM transactions t WHERE t.id = (v->>'id')::bigint),
      v->>'transactionDate'));
  END IF;
  SELECT coalesce(jsonb_object_agg(e.key, migration_0021_with_created_at(e.value)), '{}'::jsonb) INTO v_out
    FROM jsonb_each(v) AS e;
  RETURN v_out;
END $$;--> statement-breakpoint
UPDATE "idempotency_keys" SET "response_body" = migration_0021_with_created_at("response_body")
 WHERE "response_body"::text LIKE '%"transactionDate"%';--> statement-breakpoint
DROP FUNCTION "migration_0021_with_created_at"(jsonb);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "temporary_proof_expires_at" timestamp with time zone;
