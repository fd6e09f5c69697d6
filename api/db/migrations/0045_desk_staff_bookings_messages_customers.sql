-- The desk (issue 42, items 2, 4 and 6).
-- A booking taken by the team for a guest without an account has no user: its guest's contact is
-- on the booking itself (migration 0044), and the member who took it is named.
ALTER TABLE "bookings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_holder" CHECK (
  user_id IS NOT NULL OR (taken_by_user_id IS NOT NULL AND guest_name IS NOT NULL AND guest_email IS NOT NULL)
);--> statement-breakpoint
-- The same Idempotency-Key from the same member gives the same staff booking.
CREATE UNIQUE INDEX "bookings_staff_idempotency_key" ON "bookings" USING btree ("taken_by_user_id", "idempotency_key") WHERE user_id IS NULL;--> statement-breakpoint
-- How a staff booking is paid: a card (a payment link emailed, or the checkout on the spot), cash,
-- on arrival (owed until taken), or not at all (comp). Null for the guest's own bookings.
ALTER TABLE "bookings" ADD COLUMN "staff_payment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_payment_value" CHECK (
  staff_payment IS NULL OR staff_payment IN ('card_link', 'card_now', 'cash', 'pay_on_arrival', 'comp')
);--> statement-breakpoint
-- Why the team set a price other than the listed one (a custom price, or comp).
ALTER TABLE "bookings" ADD COLUMN "price_reason" text;--> statement-breakpoint
-- The guest agreed, when the team took the booking, to hear from the operator about news and offers.
ALTER TABLE "bookings" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- "Pay on arrival": confirmed, and owed until the team takes the money.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_status_value";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_value" CHECK (
  payment_status IN ('pending', 'paid', 'failed', 'expired', 'refunded', 'not_required', 'owed')
);--> statement-breakpoint
-- The owner may let guides take bookings at the desk.
ALTER TABLE "accounts" ADD COLUMN "guides_may_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages the team wrote to a booking's guest (issue 42, item 4): one row per booking written to,
-- kept on the booking's history with who sent it.
CREATE TABLE "booking_messages" (
  "id" text PRIMARY KEY NOT NULL,
  "account_id" text NOT NULL REFERENCES "accounts"("id"),
  "booking_id" text NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "sent_by_user_id" text NOT NULL REFERENCES "users"("id"),
  "template" text NOT NULL,
  "subject" text NOT NULL,
  "body" text NOT NULL,
  "email_sent" boolean NOT NULL,
  "sms_sent" boolean NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "booking_messages_template_value" CHECK (template IN ('custom', 'meeting_point', 'running_late', 'weather'))
);--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id", "created_at");--> statement-breakpoint
-- Notes the team keeps on a customer (issue 42, item 6): a customer is an email within one operator.
CREATE TABLE "customer_notes" (
  "id" text PRIMARY KEY NOT NULL,
  "account_id" text NOT NULL REFERENCES "accounts"("id"),
  "email" text NOT NULL,
  "author_user_id" text NOT NULL REFERENCES "users"("id"),
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "customer_notes_email_lower" CHECK (email = lower(email))
);--> statement-breakpoint
CREATE INDEX "customer_notes_account_email_idx" ON "customer_notes" USING btree ("account_id", "email", "created_at");--> statement-breakpoint
-- The customer list groups an operator's bookings by the guest's email.
CREATE INDEX "bookings_account_guest_email_idx" ON "bookings" USING btree ("account_id", lower("guest_email")) WHERE guest_email IS NOT NULL;
