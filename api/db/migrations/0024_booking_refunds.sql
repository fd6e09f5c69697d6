CREATE TABLE "booking_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" text,
	"release_seats" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"made_at" timestamp with time zone,
	CONSTRAINT "booking_refunds_id_format" CHECK (id ~ '^rf_[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "booking_refunds_amount_positive" CHECK (amount_minor > 0),
	CONSTRAINT "booking_refunds_currency_format" CHECK (currency ~ '^[A-Z]{3}$'),
	CONSTRAINT "booking_refunds_status_value" CHECK (status IN ('owed', 'made')),
	CONSTRAINT "booking_refunds_made_at_with_status" CHECK ((status = 'made') = (made_at IS NOT NULL)),
	CONSTRAINT "booking_refunds_reason_length" CHECK (char_length(reason) <= 500),
	CONSTRAINT "booking_refunds_idempotency_key_length" CHECK (char_length(idempotency_key) BETWEEN 8 AND 128)
);
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_refunds_booking_idempotency_key" ON "booking_refunds" USING btree ("booking_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "booking_refunds_account_created_idx" ON "booking_refunds" USING btree ("account_id","created_at");
--> statement-breakpoint
-- Refunds made before this table: one row each, dated when the booking was cancelled.
INSERT INTO "booking_refunds" ("id", "booking_id", "account_id", "amount_minor", "currency", "reason", "release_seats", "idempotency_key", "status", "created_at", "made_at")
SELECT 'rf_' || substr(md5(b.id), 1, 16), b.id, b.account_id, b.refund_minor, b.currency, 'cancellation', true, 'refund_' || b.id,
       CASE WHEN b.payment_status = 'refunded' THEN 'made' ELSE 'owed' END,
       coalesce(b.cancelled_at, b.updated_at),
       CASE WHEN b.payment_status = 'refunded' THEN coalesce(b.cancelled_at, b.updated_at) END
FROM "bookings" b
WHERE b.refund_minor > 0;
