-- Issue 31: one job item that fails never holds up the others (domain/job-items).
--
-- Each item's last failure, recorded where the job's work rolled back.
CREATE TABLE "job_failures" (
	"job" text NOT NULL,
	"item" text NOT NULL,
	"bank_id" integer,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_failures_job_item_pk" PRIMARY KEY("job","item"),
	CONSTRAINT "job_failures_job_length" CHECK (length("job") between 1 and 40),
	CONSTRAINT "job_failures_item_length" CHECK (length("item") between 1 and 100),
	CONSTRAINT "job_failures_reason_length" CHECK (length("reason") between 1 and 500),
	CONSTRAINT "job_failures_detail_length" CHECK (length("detail") <= 2000)
);--> statement-breakpoint
ALTER TABLE "job_failures" ADD CONSTRAINT "job_failures_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A schedule that stopped on its own says when. Its reason reads after "Stopped: " (the screen)
-- and "Did not run: " (its run's problem), so the reasons stored before lose that prefix; one
-- stopped before this has no instant of its own: its last run that did not run, else its making.
UPDATE "schedules" SET "paused_reason" = CASE
	WHEN "paused_reason" = 'Did not run: the person who made this schedule is no longer a user of this bank.'
		THEN 'The person who made this schedule is no longer a user of this bank.'
	ELSE regexp_replace("paused_reason", '^Did not run: ', '') END
WHERE "paused_reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
UPDATE "schedules" s SET "stopped_at" = coalesce(
	(SELECT max(r."run_at") FROM "schedule_runs" r WHERE r."schedule_id" = s."id" AND r."problem" IS NOT NULL),
	s."created_at")
WHERE s."paused_reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_stopped_with_reason" CHECK (("paused_reason" is null) = ("stopped_at" is null));--> statement-breakpoint
-- A run of a branch bigger than a payday pays as several paydays (at most 10 of 1,000), and lists
-- at most 1,000 of the accounts it left out or cut, counting them all.
ALTER TABLE "schedule_runs" ADD COLUMN "batch_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD COLUMN "left_out_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD COLUMN "cut_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "schedule_runs" SET
	"batch_ids" = CASE WHEN "batch_id" IS NULL THEN '{}'::uuid[] ELSE ARRAY["batch_id"] END,
	"left_out_count" = jsonb_array_length("left_out"),
	"cut_count" = jsonb_array_length("cut"),
	"left_out" = CASE WHEN jsonb_array_length("left_out") <= 1000 THEN "left_out" ELSE
		(SELECT jsonb_agg(x.e ORDER BY x.i) FROM jsonb_array_elements("left_out") WITH ORDINALITY AS x(e, i) WHERE x.i <= 1000) END;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_paydays" CHECK ("batch_id" is not distinct from "batch_ids"[1] and cardinality("batch_ids") <= 10);--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_listed" CHECK (jsonb_array_length("left_out") <= least("left_out_count", 1000)
          and jsonb_array_length("cut") <= least("cut_count", 1000));
