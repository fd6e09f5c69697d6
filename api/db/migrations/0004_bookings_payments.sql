CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"experience_id" text NOT NULL,
	"service_id" text NOT NULL,
	"slot_id" text NOT NULL,
	"status" text NOT NULL,
	"tickets" jsonb NOT NULL,
	"seats" integer NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"fees_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"promo_code" text,
	"utm" jsonb,
	"hold_expires_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"origin" text NOT NULL,
	"payment_provider" text,
	"payment_session_id" text,
	"checkout_url" text,
	"payment_intent_id" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"save_card" boolean DEFAULT false NOT NULL,
	"refund_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_id_format" CHECK ("bookings"."id" ~ '^bk_[A-Za-z0-9_-]{16}$'),
	CONSTRAINT "bookings_status_value" CHECK ("bookings"."status" IN ('held', 'confirmed', 'cancelled', 'expired', 'refunded', 'failed')),
	CONSTRAINT "bookings_payment_status_value" CHECK ("bookings"."payment_status" IN ('pending', 'paid', 'failed', 'expired', 'refunded', 'not_required')),
	CONSTRAINT "bookings_seats_range" CHECK ("bookings"."seats" BETWEEN 1 AND 20),
	CONSTRAINT "bookings_amounts_non_negative" CHECK ("bookings"."subtotal_minor" >= 0 AND "bookings"."discount_minor" >= 0 AND "bookings"."fees_minor" >= 0 AND "bookings"."tax_minor" >= 0 AND "bookings"."total_minor" >= 0),
	CONSTRAINT "bookings_refund_range" CHECK ("bookings"."refund_minor" IS NULL OR ("bookings"."refund_minor" >= 0 AND "bookings"."refund_minor" <= "bookings"."total_minor")),
	CONSTRAINT "bookings_currency_format" CHECK ("bookings"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "bookings_held_has_expiry" CHECK ("bookings"."status" <> 'held' OR "bookings"."hold_expires_at" IS NOT NULL),
	CONSTRAINT "bookings_idempotency_key_length" CHECK (char_length("bookings"."idempotency_key") BETWEEN 8 AND 128)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$')
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"percent_off" integer,
	"amount_off_minor" integer,
	"currency" text,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9][A-Z0-9_-]{1,31}$'),
	CONSTRAINT "promo_codes_one_discount" CHECK (("promo_codes"."percent_off" IS NOT NULL AND "promo_codes"."amount_off_minor" IS NULL AND "promo_codes"."percent_off" BETWEEN 1 AND 100) OR ("promo_codes"."percent_off" IS NULL AND "promo_codes"."amount_off_minor" IS NOT NULL AND "promo_codes"."amount_off_minor" > 0 AND "promo_codes"."currency" IS NOT NULL)),
	CONSTRAINT "promo_codes_currency_format" CHECK ("promo_codes"."currency" IS NULL OR "promo_codes"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "promo_codes_redemptions_non_negative" CHECK ("promo_codes"."redemptions" >= 0),
	CONSTRAINT "promo_codes_max_redemptions_positive" CHECK ("promo_codes"."max_redemptions" IS NULL OR "promo_codes"."max_redemptions" > 0),
	CONSTRAINT "promo_codes_valid_range" CHECK ("promo_codes"."valid_from" IS NULL OR "promo_codes"."valid_to" IS NULL OR "promo_codes"."valid_to" > "promo_codes"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"card_last4" text,
	"save_card" boolean DEFAULT false NOT NULL,
	"payment_intent_id" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sandbox_checkouts_id_format" CHECK ("sandbox_checkouts"."id" ~ '^cs_sandbox_[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "sandbox_checkouts_status_value" CHECK ("sandbox_checkouts"."status" IN ('open', 'paid', 'failed', 'expired')),
	CONSTRAINT "sandbox_checkouts_amount_non_negative" CHECK ("sandbox_checkouts"."amount_minor" >= 0),
	CONSTRAINT "sandbox_checkouts_refund_range" CHECK ("sandbox_checkouts"."refunded_minor" >= 0 AND "sandbox_checkouts"."refunded_minor" <= "sandbox_checkouts"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_idempotency_key" ON "bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_user_id_created_at_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_slot_id_idx" ON "bookings" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "bookings_account_id_idx" ON "bookings" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_session_id_key" ON "bookings" USING btree ("payment_session_id");--> statement-breakpoint
CREATE INDEX "bookings_held_idx" ON "bookings" USING btree ("service_id","hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_codes_account_id_idx" ON "promo_codes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_booking_id_key" ON "sandbox_checkouts" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_payment_intent_id_key" ON "sandbox_checkouts" USING btree ("payment_intent_id");