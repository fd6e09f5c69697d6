-- Travellers' wallets (issue 39 item 14): a gift card added to an account by its code, to apply
-- itself later; one row per card and user (the code is never kept, only the link).
CREATE TABLE IF NOT EXISTS "gift_card_holders" (
  "gift_card_id" text NOT NULL REFERENCES "gift_cards"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "gift_card_holders_pk" PRIMARY KEY ("gift_card_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gift_card_holders_user_id_idx" ON "gift_card_holders" ("user_id");
