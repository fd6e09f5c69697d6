-- A checkout pays for a booking's order or for a purchase: a tip, a gift card (no booking), the
-- difference of a move to a dearer departure. tip_id becomes purchase_id with its kind beside it.
ALTER TABLE "sandbox_checkouts" RENAME COLUMN "tip_id" TO "purchase_id";
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "purchase_kind" text;
--> statement-breakpoint
UPDATE "sandbox_checkouts" SET "purchase_kind" = 'tip' WHERE "purchase_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ALTER COLUMN "booking_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_purchase" CHECK (("purchase_kind" IS NULL) = ("purchase_id" IS NULL) AND ("purchase_kind" IS NOT NULL OR "booking_id" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_purchase_kind" CHECK ("purchase_kind" IN ('tip', 'gift_card', 'reschedule'));
