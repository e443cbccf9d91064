CREATE TABLE "interest_credits" (
	"account_number" char(10) NOT NULL,
	"period_start" date NOT NULL,
	"transaction_id" bigint,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_credits_account_number_period_start_pk" PRIMARY KEY("account_number","period_start")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_number" char(10) NOT NULL,
	"period_start" date NOT NULL,
	"file_name" text NOT NULL,
	"opening_balance_cents" bigint NOT NULL,
	"closing_balance_cents" bigint NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "statements_account_period_unique" UNIQUE("account_number","period_start"),
	CONSTRAINT "statements_file_name_format" CHECK ("statements"."file_name" ~ '^statement-[0-9]{10}-[0-9]{4}-(0[1-9]|1[0-2])[.]pdf$')
);
--> statement-breakpoint
ALTER TABLE "interest_credits" ADD CONSTRAINT "interest_credits_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_credits" ADD CONSTRAINT "interest_credits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_number_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."accounts"("account_number") ON DELETE no action ON UPDATE no action;