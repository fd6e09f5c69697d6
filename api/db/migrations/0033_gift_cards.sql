-- Gift cards: the code is never stored in clear (SHA-256 of a code of 16 characters from a
-- 31-letter alphabet, about 79 random bits; a lookup by hash), the last 4 are kept to be shown.
-- account_id null: a marketplace card, good everywhere; else good only on that operator's storefront.
CREATE TABLE "gift_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"currency" text NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"purchaser_id" text,
	"recipient_email" text NOT NULL,
	"message" text,
	"deliver_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_format" CHECK ("code_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "gift_cards_last4_format" CHECK ("last4" ~ '^[2-9A-HJKMNP-Z]{4}$'),
	CONSTRAINT "gift_cards_status" CHECK ("status" IN ('pending', 'active', 'void'))
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchaser_id_users_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_key" ON "gift_cards" USING btree ("code_hash");
--> statement-breakpoint
CREATE INDEX "gift_cards_account_id_idx" ON "gift_cards" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "gift_cards_purchaser_id_idx" ON "gift_cards" USING btree ("purchaser_id");
--> statement-breakpoint
CREATE INDEX "gift_cards_recipient_email_idx" ON "gift_cards" USING btree (lower("recipient_email"));
--> statement-breakpoint
-- The ledger: the balance is the sum of a card's rows, never a stored number. issue and refund
-- add (amount > 0), redeem takes (amount < 0); a redeem is written only under the card row's lock
-- after the sum is read (api/gift-cards/ledger.ts), so the sum never goes below zero.
-- idempotency_key: one row per (card, key), so a retried debit or refund is written once.
CREATE TABLE "gift_card_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"gift_card_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"booking_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_transactions_kind" CHECK ("kind" IN ('issue', 'redeem', 'refund')),
	CONSTRAINT "gift_card_transactions_sign" CHECK (("kind" = 'redeem' AND "amount_minor" < 0) OR ("kind" <> 'redeem' AND "amount_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_transactions_idempotency_key" ON "gift_card_transactions" USING btree ("gift_card_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "gift_card_transactions_booking_id_idx" ON "gift_card_transactions" USING btree ("booking_id");
