-- Issue 21, the school year (API.md "The school year"): the bank's time zone, schedules and their
-- runs, reversals of transactions and paydays, and one audit log for all of it (the audit of
-- edits and deletes becomes its first kind of record). The database's Transaction
-- (ledger_transaction_json) gains reversalOf and reversedBy.
-- The functions named here are defined once, in db/functions/ (applied after the migrations on every
-- migrate, db/migrate.ts); this migration keeps only its change to the schema.
ALTER TABLE "banks" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reversal_of" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reversed_by" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversal_of_transactions_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversed_by_transactions_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversal_final" CHECK ("transactions"."reversal_of" is null or "transactions"."reversed_by" is null);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reversal_of_unique" ON "transactions" USING btree ("reversal_of") WHERE "transactions"."reversal_of" is not null;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "reversal_of" uuid;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_reversal_of_batches_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"memo" text,
	"every" text NOT NULL,
	"start_date" date NOT NULL,
	"target_branch_id" integer,
	"target_accounts" char(10)[],
	"account_type" text DEFAULT 'CHECKING' NOT NULL,
	"shortfall" text DEFAULT 'skip' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"paused_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "schedules_name_length" CHECK (length("schedules"."name") between 1 and 60),
	CONSTRAINT "schedules_kind_valid" CHECK ("schedules"."kind" in ('deposit', 'withdrawal')),
	CONSTRAINT "schedules_amount_positive" CHECK ("schedules"."amount_cents" > 0),
	CONSTRAINT "schedules_memo_length" CHECK ("schedules"."memo" is null or length("schedules"."memo") between 1 and 60),
	CONSTRAINT "schedules_every_valid" CHECK ("schedules"."every" in ('week', '2weeks', 'month')),
	CONSTRAINT "schedules_account_type_valid" CHECK ("schedules"."account_type" in ('CHECKING', 'SAVINGS')),
	CONSTRAINT "schedules_shortfall_valid" CHECK ("schedules"."shortfall" in ('skip', 'partial')),
	CONSTRAINT "schedules_one_target" CHECK (("schedules"."target_branch_id" is null) <> ("schedules"."target_accounts" is null)),
	CONSTRAINT "schedules_next_run_when_active" CHECK (("schedules"."active" and "schedules"."deleted_at" is null) = ("schedules"."next_run_at" is not null)),
	CONSTRAINT "schedules_next_index_not_negative" CHECK ("schedules"."next_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_bank_idx" ON "schedules" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE "schedules"."next_run_at" is not null;--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"occurrence_date" date,
	"run_at" timestamp with time zone NOT NULL,
	"batch_id" uuid,
	"item_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"left_out" jsonb NOT NULL,
	"cut" jsonb NOT NULL,
	"problem" text,
	"ran_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_runs_occurrence_unique" UNIQUE("schedule_id","occurrence_date"),
	CONSTRAINT "schedule_runs_totals" CHECK ("schedule_runs"."item_count" >= 0 and "schedule_runs"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_runs_schedule_idx" ON "schedule_runs" USING btree ("schedule_id","run_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transaction_audit" RENAME TO "audit_log";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "before" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "schedule_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_valid" CHECK ("audit_log"."action" in ('update', 'delete', 'reverse', 'batch.reverse', 'schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.delete', 'schedule.run'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_record_complete" CHECK (case when "audit_log"."action" in ('update', 'delete') then "audit_log"."transaction_id" is not null and "audit_log"."before" is not null and "audit_log"."actor_user_id" is not null else "audit_log"."summary" is not null end);
