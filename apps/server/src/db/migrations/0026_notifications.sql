-- Issue 35 (API.md "Families and notifications"): a person's notices. Each holds the facts of
-- what happened (its kind, an amount, the line's description) and where it leads; its text is
-- made when it is read, in the reader's words. Money's notices are written by the trigger of
-- db/functions/notify_money_moved.sql, in the transaction that moves the money.
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"description" text,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('paid', 'charged', 'request', 'order', 'outbid', 'won', 'goalReached', 'approvals', 'scheduleLeftOut', 'dispute')),
	CONSTRAINT "notifications_amount_positive" CHECK ("notifications"."amount_cents" is null or "notifications"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."read_at" is null;
--> statement-breakpoint
-- The trigger's function is defined by db/functions/notify_money_moved.sql, applied after every
-- migrate; this placeholder lets the trigger be made here, once.
CREATE OR REPLACE FUNCTION notify_money_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER "transactions_notify_money_moved" AFTER INSERT ON "transactions" FOR EACH ROW EXECUTE FUNCTION notify_money_moved();
