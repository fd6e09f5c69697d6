-- Rescheduling (issue 30, item 2): the operator may refuse refunds on a move to a cheaper
-- departure, and each move of a booking is kept as a row of its history.
ALTER TABLE "accounts" ADD COLUMN "reschedule_refunds" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "booking_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
	"from_slot_id" text NOT NULL REFERENCES "slots"("id"),
	"to_slot_id" text NOT NULL REFERENCES "slots"("id"),
	"price_difference_minor" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_idempotency_key_length" CHECK (char_length("idempotency_key") BETWEEN 8 AND 128)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_booking_key" ON "booking_changes" ("booking_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "booking_changes_booking_created_idx" ON "booking_changes" ("booking_id", "created_at");
