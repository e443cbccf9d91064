-- Issue 33, teachers without dead ends (API.md "Teachers without dead ends"): what a teacher (a
-- TELLER) may do for the Students of their own branch, each on unless the bank turns it off.
ALTER TABLE "banks" ADD COLUMN "teller_can_reverse" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "teller_can_reset_passwords" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "teller_can_manage_bankers" boolean DEFAULT true NOT NULL;
