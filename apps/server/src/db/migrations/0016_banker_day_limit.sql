-- Issue 31 (API.md "Students who take part"): what each banker's request held while it waited,
-- so a waiting withdrawal the account cannot pay waits holding nothing (a banker is never told
-- that it cannot pay) and a decision releases exactly what was held, and whether it came within
-- the day's banker limit, which is counted per classmate per bank-local day (the index finds a
-- classmate's requests of one day).
ALTER TABLE "banker_requests" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD COLUMN "within_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "banker_requests" SET "held_cents" = "amount_cents" WHERE "status" = 'waiting' AND "kind" = 'withdrawal';--> statement-breakpoint
UPDATE "banker_requests" SET "within_limit" = true WHERE "status" = 'approved' AND "decided_by" IS NULL;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_held_range" CHECK ("banker_requests"."held_cents" between 0 and "banker_requests"."amount_cents" and ("banker_requests"."held_cents" = 0 or "banker_requests"."kind" = 'withdrawal'));--> statement-breakpoint
CREATE INDEX "banker_requests_within_limit_idx" ON "banker_requests" USING btree ("account_number","created_at") WHERE "banker_requests"."within_limit";
