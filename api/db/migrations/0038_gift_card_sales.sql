-- Gift cards bought and spent (issue 30, item 3).
-- A card is bought before its code exists: pending (checkout open), scheduled (paid, waiting for
-- its delivery date), then active when the delivery job makes its code (stored only as a hash) and
-- emails it. The price paid is the "issue" row of the ledger, written when the payment arrives.
ALTER TABLE "gift_cards" ALTER COLUMN "code_hash" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "last4" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "amount_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "sender_name" text;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "recipient_name" text;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "payment_provider" text;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "payment_session_id" text;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "payment_intent_id" text;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "origin" text;
--> statement-breakpoint
UPDATE "gift_cards" g SET "amount_minor" = t."amount_minor" FROM "gift_card_transactions" t WHERE t."gift_card_id" = g."id" AND t."kind" = 'issue';
--> statement-breakpoint
ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_status";
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_status" CHECK ("status" IN ('pending', 'scheduled', 'active', 'void'));
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_code_when_active" CHECK ("status" IN ('pending', 'scheduled') OR ("code_hash" IS NOT NULL AND "last4" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_amount_positive" CHECK ("amount_minor" >= 0);
--> statement-breakpoint
CREATE INDEX "gift_cards_due_idx" ON "gift_cards" USING btree ("deliver_at") WHERE "status" = 'scheduled';
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_payment_session_key" ON "gift_cards" USING btree ("payment_session_id");
--> statement-breakpoint
-- release: a held booking that never got paid gives back what it had taken from the card.
ALTER TABLE "gift_card_transactions" DROP CONSTRAINT "gift_card_transactions_kind";
--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_kind" CHECK ("kind" IN ('issue', 'redeem', 'refund', 'release'));
--> statement-breakpoint
-- The last guard of "never below zero": writers lock the card row and read the sum first
-- (api/gift-cards/ledger.ts); this trigger refuses any write that would still take it below.
CREATE OR REPLACE FUNCTION gift_card_transactions_not_below_zero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_minor < 0 AND (SELECT coalesce(sum(amount_minor), 0) FROM gift_card_transactions WHERE gift_card_id = NEW.gift_card_id) < 0 THEN
    RAISE EXCEPTION 'gift card % would go below zero', NEW.gift_card_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER gift_card_transactions_not_below_zero AFTER INSERT ON gift_card_transactions
  FOR EACH ROW EXECUTE FUNCTION gift_card_transactions_not_below_zero();
--> statement-breakpoint
-- The part of a booking's total paid with gift cards (taken when the seats are held); the rest is
-- the provider's payment. A refund's gift_card_minor went back to the cards, the rest to the provider.
ALTER TABLE "bookings" ADD COLUMN "gift_card_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_gift_card_range" CHECK ("gift_card_minor" >= 0 AND "gift_card_minor" <= "total_minor");
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD COLUMN "gift_card_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_gift_card_range" CHECK ("gift_card_minor" >= 0 AND "gift_card_minor" <= "amount_minor");
