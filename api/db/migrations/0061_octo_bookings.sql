-- OCTO bookings (issue 47, second slice): a booking a reseller made through /octo. It names its
-- reseller, the reseller's own reference for it and the OCTO `uuid` it was reserved with (the
-- reseller's idempotency key: one booking per uuid per reseller), the notes sent with it, the OCTO
-- contact as sent, its unit items (each unit's uuid and reference) and why it was cancelled.
-- Such a booking has no traveller account and no team member: its contact (when the reseller
-- sent one) is also on the booking's guest columns (migration 0044) for the desk and manifest.
ALTER TABLE "bookings" ADD COLUMN "reseller_id" text REFERENCES "resellers"("id");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_uuid" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_contact" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_unit_items" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_uuid" CHECK ((reseller_id IS NULL) = (octo_uuid IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reseller_uuid_key" ON "bookings" USING btree ("reseller_id", "octo_uuid") WHERE reseller_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_reseller_reference_idx" ON "bookings" USING btree ("reseller_id", "reseller_reference") WHERE reseller_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_holder";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_holder" CHECK (
  user_id IS NOT NULL
  OR (taken_by_user_id IS NOT NULL AND guest_name IS NOT NULL AND guest_email IS NOT NULL)
  OR reseller_id IS NOT NULL
);--> statement-breakpoint
-- The channel: a reseller's booking is `reseller` (a generated column's expression cannot be
-- altered in PostgreSQL 15: dropped and added again, computed for every row).
ALTER TABLE "bookings" DROP COLUMN "channel";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel" text GENERATED ALWAYS AS (
  CASE WHEN reseller_id IS NOT NULL THEN 'reseller' WHEN taken_by_user_id IS NOT NULL THEN 'staff'
    WHEN storefront THEN 'storefront' ELSE 'marketplace' END
) STORED;
