-- The abandoned-booking reminder opens the chosen departure and tickets again (issue 39, item 11):
-- the visit keeps them (none for visits recorded before; a departure deleted since is forgotten).
ALTER TABLE "checkout_visits" ADD COLUMN "slot_id" text;
--> statement-breakpoint
ALTER TABLE "checkout_visits" ADD COLUMN "tickets" jsonb;
--> statement-breakpoint
ALTER TABLE "checkout_visits" ADD CONSTRAINT "checkout_visits_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;
