-- Issue 24, students who take part (API.md "Students who take part"): class bankers and the
-- bank's limit for approving their requests at once, the requests themselves, the money a waiting
-- withdrawal request holds (accounts.held_cents: every debit checks balance - held, and a CHECK
-- makes the database refuse any that would spend held money), and savings goals. Both transfer
-- functions check what may be spent instead of the balance.
-- The functions named here are defined once, in db/functions/ (applied after the migrations on every
-- migrate, db/migrate.ts); this migration keeps only its change to the schema.
ALTER TABLE "banks" ADD COLUMN "banker_limit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_banker_limit_not_negative" CHECK ("banks"."banker_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_banker_is_student" CHECK (not "users"."banker" or "users"."role" = 'USER');--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_covers_holds" CHECK ("accounts"."held_cents" >= 0 and "accounts"."balance_cents" >= "accounts"."held_cents");--> statement-breakpoint
CREATE TABLE "banker_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_number" char(10) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"memo" text,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banker_requests_kind_valid" CHECK ("banker_requests"."kind" in ('deposit', 'withdrawal')),
	CONSTRAINT "banker_requests_status_valid" CHECK ("banker_requests"."status" in ('waiting', 'approved', 'rejected', 'expired', 'cancelled')),
	CONSTRAINT "banker_requests_amount_positive" CHECK ("banker_requests"."amount_cents" > 0),
	CONSTRAINT "banker_requests_memo_length" CHECK ("banker_requests"."memo" is null or length("banker_requests"."memo") between 1 and 60),
	CONSTRAINT "banker_requests_approved_moved" CHECK (("banker_requests"."status" = 'approved') = ("banker_requests"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banker_requests" ADD CONSTRAINT "banker_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banker_requests_bank_status_idx" ON "banker_requests" USING btree ("bank_id","status","created_at");--> statement-breakpoint
CREATE INDEX "banker_requests_requested_by_idx" ON "banker_requests" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "banker_requests_expiry_idx" ON "banker_requests" USING btree ("expires_at") WHERE "banker_requests"."status" = 'waiting';--> statement-breakpoint
CREATE TABLE "goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_number" char(10) NOT NULL,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"target_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reached_at" timestamp with time zone,
	CONSTRAINT "goals_name_length" CHECK (length("goals"."name") between 1 and 60),
	CONSTRAINT "goals_amount_positive" CHECK ("goals"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_account_idx" ON "goals" USING btree ("account_number");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_valid" CHECK ("audit_log"."action" in ('update', 'delete', 'reverse', 'batch.reverse', 'schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.delete', 'schedule.run', 'request.approve', 'request.reject', 'request.cancel', 'request.expire'));
