-- Gift cards on Stripe Connect (issue 45): a marketplace gift card is the platform's money until it
-- is spent. When a booking paid partly or wholly with gift cards is paid, the operator's part that
-- the card charge did not carry is owed to the operator's connected account as a transfer from
-- the platform's balance: owed in the payment's transaction, made after it (the sweep retries),
-- and reversed by refunds in the share the ledger gives back.
CREATE TABLE "gift_card_transfers" (
  "booking_id" text PRIMARY KEY NOT NULL REFERENCES "bookings"("id") ON DELETE cascade,
  "account_id" text NOT NULL REFERENCES "accounts"("id"),
  "provider" text NOT NULL,
  "destination" text NOT NULL,
  "amount_minor" integer NOT NULL,
  "currency" text NOT NULL,
  "status" text DEFAULT 'owed' NOT NULL,
  "provider_ref" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "made_at" timestamp with time zone,
  CONSTRAINT "gift_card_transfers_amount_positive" CHECK ("amount_minor" > 0),
  CONSTRAINT "gift_card_transfers_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "gift_card_transfers_status_value" CHECK ("status" IN ('owed', 'made')),
  CONSTRAINT "gift_card_transfers_made_with_ref" CHECK (("status" = 'made') = ("provider_ref" IS NOT NULL AND "made_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "gift_card_transfers_owed_idx" ON "gift_card_transfers" ("created_at") WHERE "status" = 'owed';
