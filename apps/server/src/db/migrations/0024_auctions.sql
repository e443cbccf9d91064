-- Issue 34 item 4 (API.md "The class economy"): auctions. The high bid holds its amount on the
-- Student's account (accounts.held_cents, as a store order does) until a higher bid or a cancel
-- releases it, or the end charges it (a debit "Auction: {name}"). auction_bids.held_cents records
-- what each bid holds, so the books check can prove that every held cent belongs to a waiting
-- request, a waiting order or a holding bid; at most one bid of an auction holds.
-- The audit log gains the auctions' ends and cancels. NOTE for merging: this list must name every
-- action of AUDIT_ACTIONS, including any that another migration numbered before this one adds.
CREATE TABLE "auctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"branch_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starting_bid_cents" bigint NOT NULL,
	"min_increment_cents" bigint NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"extensions" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"transaction_id" bigint,
	CONSTRAINT "auctions_name_length" CHECK (length("auctions"."name") between 1 and 60),
	CONSTRAINT "auctions_description_length" CHECK (length("auctions"."description") <= 300),
	CONSTRAINT "auctions_starting_bid_positive" CHECK ("auctions"."starting_bid_cents" > 0),
	CONSTRAINT "auctions_min_increment_positive" CHECK ("auctions"."min_increment_cents" > 0),
	CONSTRAINT "auctions_extensions_range" CHECK ("auctions"."extensions" between 0 and 10),
	CONSTRAINT "auctions_status_valid" CHECK ("auctions"."status" in ('open', 'ended', 'cancelled')),
	CONSTRAINT "auctions_closed_when_not_open" CHECK (("auctions"."status" = 'open') = ("auctions"."closed_at" is null)),
	CONSTRAINT "auctions_charged_only_when_ended" CHECK ("auctions"."transaction_id" is null or "auctions"."status" = 'ended')
);
--> statement-breakpoint
CREATE TABLE "auction_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"auction_id" integer NOT NULL,
	"account_number" char(10) NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"held_cents" bigint NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_bids_amount_positive" CHECK ("auction_bids"."amount_cents" > 0),
	CONSTRAINT "auction_bids_held_is_amount" CHECK ("auction_bids"."held_cents" = "auction_bids"."amount_cents"),
	CONSTRAINT "auction_bids_status_valid" CHECK ("auction_bids"."status" in ('holding', 'released', 'won'))
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_branch_same_bank_fk" FOREIGN KEY ("bank_id","branch_id") REFERENCES "public"."branches"("bank_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auctions_bank_status_idx" ON "auctions" USING btree ("bank_id","status","ends_at");--> statement-breakpoint
CREATE INDEX "auctions_open_ends_idx" ON "auctions" USING btree ("ends_at") WHERE "auctions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_one_holding" ON "auction_bids" USING btree ("auction_id") WHERE "auction_bids"."status" = 'holding';--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_one_won" ON "auction_bids" USING btree ("auction_id") WHERE "auction_bids"."status" = 'won';--> statement-breakpoint
CREATE INDEX "auction_bids_auction_user_idx" ON "auction_bids" USING btree ("auction_id","user_id");--> statement-breakpoint
CREATE INDEX "auction_bids_account_holding_idx" ON "auction_bids" USING btree ("account_number") WHERE "auction_bids"."status" = 'holding';--> statement-breakpoint
CREATE INDEX "auction_bids_user_idx" ON "auction_bids" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_valid" CHECK ("audit_log"."action" in ('update', 'delete', 'reverse', 'batch.reverse', 'schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.delete', 'schedule.run', 'request.approve', 'request.reject', 'request.cancel', 'request.expire', 'order.fulfil', 'order.refund', 'order.cancel', 'order.expire', 'auction.end', 'auction.cancel'));
