-- Goodwill (issue 45): a refund an operator makes beyond what the cancellation policy still
-- promises (after the free-cancellation cutoff) comes out of the operator's part of the booking,
-- not in proportion: the platform keeps its commission and service fee. The part of the refund
-- that is goodwill (0: within the policy, shared in proportion like any other refund).
ALTER TABLE "booking_refunds" ADD COLUMN "goodwill_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_goodwill_range" CHECK ("goodwill_minor" >= 0 AND "goodwill_minor" <= "amount_minor");
