CREATE TABLE "tips" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_provider" text,
	"payment_session_id" text,
	"payment_intent_id" text,
	"card_brand" text,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_id_format" CHECK ("tips"."id" ~ '^tip_[A-Za-z0-9_-]{16}$'),
	CONSTRAINT "tips_status_value" CHECK ("tips"."status" IN ('pending', 'paid')),
	CONSTRAINT "tips_amount_positive" CHECK ("tips"."amount_minor" > 0)
);
--> statement-breakpoint
DROP INDEX "sandbox_checkouts_booking_id_key";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tip_key_hash" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tip_email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "tip_id" text;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_booking_id_key" ON "tips" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_payment_session_id_key" ON "tips" USING btree ("payment_session_id");--> statement-breakpoint
CREATE INDEX "tips_user_id_idx" ON "tips" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_tip_key_hash_key" ON "bookings" USING btree ("tip_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_booking_id_key" ON "sandbox_checkouts" USING btree ("booking_id") WHERE "sandbox_checkouts"."tip_id" is null;