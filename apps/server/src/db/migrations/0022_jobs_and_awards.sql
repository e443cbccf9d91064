-- Issue 34, the class economy (API.md "The class economy"), items 1 and 2:
-- 1. Class jobs with a wage, for one branch or (branch null) every branch of the bank, and their
--    holders. A Student holds at most 3 jobs: each holding takes one of the Student's 3 slots, so
--    the database itself refuses a fourth, whatever arrives at once. A branch deleted takes its
--    jobs (and their holdings) with it: it has no Students left by then.
-- 2. Schedules may pay each Student the sum of their jobs' wages (amount_from 'wage'): such a
--    schedule is a payday (a deposit) and names no amount of its own.
-- 3. Awards: a teacher's bonus (deposit) and fine (withdrawal) buttons of a fixed amount. Giving
--    one is a payday (batches) whose memo is the award's name: nothing else records it.
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"branch_id" integer,
	"name" text NOT NULL,
	"wage_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_name_length" CHECK (length("jobs"."name") between 1 and 60),
	CONSTRAINT "jobs_wage_positive" CHECK ("jobs"."wage_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_branch_same_bank_fk" FOREIGN KEY ("bank_id","branch_id") REFERENCES "public"."branches"("bank_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_bank_idx" ON "jobs" USING btree ("bank_id");--> statement-breakpoint
CREATE TABLE "job_holders" (
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"slot" integer NOT NULL,
	CONSTRAINT "job_holders_job_id_user_id_pk" PRIMARY KEY("job_id","user_id"),
	CONSTRAINT "job_holders_user_slot_unique" UNIQUE("user_id","slot"),
	CONSTRAINT "job_holders_slot_range" CHECK ("job_holders"."slot" between 1 and 3)
);--> statement-breakpoint
ALTER TABLE "job_holders" ADD CONSTRAINT "job_holders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_holders" ADD CONSTRAINT "job_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awards_name_length" CHECK (length("awards"."name") between 1 and 60),
	CONSTRAINT "awards_kind_valid" CHECK ("awards"."kind" in ('deposit', 'withdrawal')),
	CONSTRAINT "awards_amount_positive" CHECK ("awards"."amount_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_bank_idx" ON "awards" USING btree ("bank_id");--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "amount_from" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "amount_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_amount_from_valid" CHECK ("schedules"."amount_from" in ('fixed', 'wage'));--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_wage_terms" CHECK (("schedules"."amount_from" = 'fixed') = ("schedules"."amount_cents" is not null) and ("schedules"."amount_from" = 'fixed' or "schedules"."kind" = 'deposit'));
