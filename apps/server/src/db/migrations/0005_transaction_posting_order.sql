CREATE INDEX "transactions_account_posting_order_idx" ON "transactions" USING btree ("account_number",coalesce("posting_seq", 9223372036854775807) desc,"id" DESC NULLS FIRST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
DROP INDEX "transactions_account_page_idx";
