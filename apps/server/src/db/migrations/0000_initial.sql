CREATE TABLE "accounts" (
	"account_number" char(10) PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "accounts_number_format" CHECK ("accounts"."account_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "accounts_type_valid" CHECK ("accounts"."type" in ('CHECKING', 'SAVINGS')),
	CONSTRAINT "accounts_balance_not_negative" CHECK ("accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"checking_active" boolean DEFAULT true NOT NULL,
	"savings_active" boolean DEFAULT true NOT NULL,
	"savings_rate_hundredths" integer DEFAULT 0 NOT NULL,
	"teller_deposit_permission" boolean DEFAULT true NOT NULL,
	"teller_withdrawal_permission" boolean DEFAULT true NOT NULL,
	"teller_transfer_permission" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_name_not_blank" CHECK (length(btrim("banks"."name")) > 0),
	CONSTRAINT "banks_savings_rate_range" CHECK ("banks"."savings_rate_hundredths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_bank_id_id_unique" UNIQUE("bank_id","id"),
	CONSTRAINT "branches_name_trimmed" CHECK ("branches"."name" = btrim("branches"."name") and length("branches"."name") > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username_key" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_type" text NOT NULL,
	"title" text NOT NULL,
	"contents" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_type_valid" CHECK ("support_tickets"."ticket_type" in ('Bug', 'Enhancement Request')),
	CONSTRAINT "support_tickets_severity_valid" CHECK ("support_tickets"."severity" in ('1. Blocker', '2. Critical', '3. Major', '4. Minor', '5. Trivial')),
	CONSTRAINT "support_tickets_status_valid" CHECK ("support_tickets"."status" in ('Open', 'In Progress', 'Resolved', 'Closed')),
	CONSTRAINT "support_tickets_title_length" CHECK (length("support_tickets"."title") between 1 and 120),
	CONSTRAINT "support_tickets_contents_length" CHECK (length("support_tickets"."contents") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "transaction_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"transaction_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_number" char(10) NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_date" timestamp with time zone NOT NULL,
	"posted_date" timestamp with time zone,
	"account_balance_cents" bigint,
	"posting_seq" bigint,
	"transfer_id" uuid,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_cents" > 0),
	CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('debit', 'credit')),
	CONSTRAINT "transactions_posted_consistent" CHECK (("transactions"."status" = 'posted') = ("transactions"."posted_date" is not null and "transactions"."account_balance_cents" is not null and "transactions"."posting_seq" is not null)),
	CONSTRAINT "transactions_running_balance_not_negative" CHECK ("transactions"."account_balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"role" text NOT NULL,
	"bank_id" integer NOT NULL,
	"branch_id" integer,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_username_format" CHECK ("users"."username" ~ '^[A-Za-z0-9._-]{3,32}$'),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('ADMIN', 'TELLER', 'USER')),
	CONSTRAINT "users_student_has_branch" CHECK ("users"."role" <> 'USER' or "users"."branch_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_branch_same_bank_fk" FOREIGN KEY ("bank_id","branch_id") REFERENCES "public"."branches"("bank_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_same_bank_fk" FOREIGN KEY ("bank_id","branch_id") REFERENCES "public"."branches"("bank_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_bank_idx" ON "accounts" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_bank_name_unique" ON "branches" USING btree ("bank_id",lower("name"));--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username_key","at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_bank_idx" ON "support_tickets" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "transaction_audit_bank_idx" ON "transaction_audit" USING btree ("bank_id","at");--> statement-breakpoint
CREATE INDEX "transactions_account_page_idx" ON "transactions" USING btree ("account_number","id" DESC NULLS LAST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_pending_due_idx" ON "transactions" USING btree ("transaction_date") WHERE "transactions"."status" = 'pending' and "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_transfer_idx" ON "transactions" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_bank_idx" ON "users" USING btree ("bank_id");