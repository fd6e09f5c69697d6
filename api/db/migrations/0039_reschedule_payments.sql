-- Written beside 0038 (gift cards) and numbered after it, so that databases which already have 0038 apply it too.
-- Paying the difference of a move to a dearer departure (issue 30, item 2): a booking change may
-- wait for its checkout (its new seats held until hold_expires_at), then is done, expired (its
-- hold lapsed, its checkout failed or expired, the booking was cancelled or replaced meanwhile)
-- or refunded (paid after it could no longer be made). A refund may go to a payment other than
-- the booking's own (a paid difference), and one of a difference never made part of the total
-- does not count toward the booking's refunded sum.
ALTER TABLE "booking_changes" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "seats" integer;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "currency" text;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "new_order" jsonb;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "hold_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "payment_provider" text;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "payment_session_id" text;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "checkout_url" text;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "payment_intent_id" text;
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "completed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "booking_changes" SET "completed_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_status_value" CHECK ("status" IN ('awaiting_payment', 'done', 'expired', 'refunded'));
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_pending_hold" CHECK ("status" <> 'awaiting_payment' OR ("hold_expires_at" IS NOT NULL AND "seats" IS NOT NULL AND "price_difference_minor" > 0));
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_one_pending" ON "booking_changes" ("booking_id") WHERE "status" = 'awaiting_payment';
--> statement-breakpoint
CREATE INDEX "booking_changes_pending_expiry_idx" ON "booking_changes" ("hold_expires_at") WHERE "status" = 'awaiting_payment';
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD COLUMN "payment_provider" text;
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD COLUMN "payment_intent_id" text;
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD COLUMN "outside_total" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_payment_pair" CHECK (("payment_provider" IS NULL) = ("payment_intent_id" IS NULL));
