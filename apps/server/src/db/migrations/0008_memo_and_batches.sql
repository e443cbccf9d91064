-- Issue 12, classroom tools: the memo of every money movement and the class payday (API.md
-- "Classroom tools"). Transactions get an optional memo and the payday (batch) that wrote them;
-- the database's Transaction (ledger_transaction_json) says both, and ledger_transfer takes the memo
-- (a new parameter, so the function is dropped and created again with the new signature).
-- The functions named here are defined once, in db/functions/ (applied after the migrations on every
-- migrate, db/migrate.ts); this migration keeps only its change to the schema.
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"kind" text NOT NULL,
	"memo" text,
	"item_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_kind_valid" CHECK ("batches"."kind" in ('deposit', 'withdrawal')),
	CONSTRAINT "batches_memo_length" CHECK ("batches"."memo" is null or length("batches"."memo") between 1 and 60),
	CONSTRAINT "batches_count_range" CHECK ("batches"."item_count" between 1 and 1000),
	CONSTRAINT "batches_total_positive" CHECK ("batches"."total_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_bank_created_idx" ON "batches" USING btree ("bank_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_memo_length" CHECK ("transactions"."memo" is null or length("transactions"."memo") between 1 and 60);--> statement-breakpoint
CREATE INDEX "transactions_batch_idx" ON "transactions" USING btree ("batch_id") WHERE "transactions"."batch_id" is not null;
