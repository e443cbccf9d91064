-- Issue 32: a schedule run pays in short steps (domain/schedules/run-steps.ts), each its own
-- transaction, instead of one transaction that locked every account of the class. A run is claimed
-- with the list of whom it covers (schedule_run_students, in the plan's order); each step pays the
-- first few of the list and deletes them in the same transaction, so a Student is paid at most once
-- however the process stops, and a run left half done is taken up again. finished_at is set by the
-- step that empties the list (the runs stored before this were whole: finished when written).
ALTER TABLE "schedule_runs" ADD COLUMN "finished_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "schedule_runs" SET "finished_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "schedule_runs_unfinished_idx" ON "schedule_runs" ("schedule_id") WHERE "finished_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "schedule_run_students" (
	"run_id" bigint NOT NULL REFERENCES "schedule_runs"("id"),
	"position" integer NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"account_number" char(10),
	"username" text,
	"name" text,
	CONSTRAINT "schedule_run_students_pk" PRIMARY KEY ("run_id", "position")
);
