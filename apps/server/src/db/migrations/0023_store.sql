-- Issue 34 item 3 (API.md "The class economy"): the class store. An order holds its price on the
-- Student's account (accounts.held_cents, as a banker's waiting withdrawal does) until the item is
-- given (the hold becomes a debit "Store: {item}") or the hold is released (refund, cancel, expiry).
-- store_orders.held_cents records what each order holds, so the books check can prove that every
-- held cent belongs to a waiting request or a waiting order.
-- The audit log gains the orders' decisions. NOTE for merging: this list must name every action of
-- AUDIT_ACTIONS, including any that another migration numbered before this one adds.
CREATE TABLE "store_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"branch_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" bigint NOT NULL,
	"stock" integer,
	"per_student_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "store_items_name_length" CHECK (length("store_items"."name") between 1 and 60),
	CONSTRAINT "store_items_description_length" CHECK (length("store_items"."description") <= 300),
	CONSTRAINT "store_items_price_positive" CHECK ("store_items"."price_cents" > 0),
	CONSTRAINT "store_items_stock_range" CHECK ("store_items"."stock" is null or "store_items"."stock" between 0 and 100000),
	CONSTRAINT "store_items_limit_range" CHECK ("store_items"."per_student_limit" is null or "store_items"."per_student_limit" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"account_number" char(10) NOT NULL,
	"user_id" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"held_cents" bigint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"transaction_id" bigint,
	CONSTRAINT "store_orders_status_valid" CHECK ("store_orders"."status" in ('waiting', 'fulfilled', 'refunded', 'cancelled', 'expired')),
	CONSTRAINT "store_orders_price_positive" CHECK ("store_orders"."price_cents" > 0),
	CONSTRAINT "store_orders_held_is_price" CHECK ("store_orders"."held_cents" = "store_orders"."price_cents"),
	CONSTRAINT "store_orders_fulfilled_paid" CHECK (("store_orders"."status" = 'fulfilled') = ("store_orders"."transaction_id" is not null)),
	CONSTRAINT "store_orders_reason_length" CHECK ("store_orders"."reason" is null or length("store_orders"."reason") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_branch_same_bank_fk" FOREIGN KEY ("bank_id","branch_id") REFERENCES "public"."branches"("bank_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_items_bank_idx" ON "store_items" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "store_orders_bank_status_idx" ON "store_orders" USING btree ("bank_id","status","id");--> statement-breakpoint
CREATE INDEX "store_orders_user_idx" ON "store_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "store_orders_item_user_idx" ON "store_orders" USING btree ("item_id","user_id");--> statement-breakpoint
CREATE INDEX "store_orders_account_waiting_idx" ON "store_orders" USING btree ("account_number") WHERE "store_orders"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "store_orders_expiry_idx" ON "store_orders" USING btree ("expires_at") WHERE "store_orders"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_valid" CHECK ("audit_log"."action" in ('update', 'delete', 'reverse', 'batch.reverse', 'schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.delete', 'schedule.run', 'request.approve', 'request.reject', 'request.cancel', 'request.expire', 'order.fulfil', 'order.refund', 'order.cancel', 'order.expire'));
