-- Deposits (issue 46, item 5). A service may ask a deposit (a percentage in basis points, or a
-- fixed amount in minor units) when its departure is more than `deposit_min_days` days away; the
-- balance is then charged off-session `balance_due_days` days before the departure, once, by the
-- due work. On the booking: what the deposit paid, the balance owed and when, its state, and the
-- card kept for it (the provider's reference). `balance_charge_key` is the idempotency key of the
-- balance's off-session charge: unique, so two sweeps never charge a balance twice.
ALTER TABLE "services" ADD COLUMN "deposit_kind" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_value" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_min_days" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "balance_due_days" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_kind_value" CHECK ("deposit_kind" IS NULL OR "deposit_kind" IN ('percent', 'fixed'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_complete" CHECK (("deposit_kind" IS NULL) = ("deposit_value" IS NULL) AND ("deposit_kind" IS NULL) = ("deposit_min_days" IS NULL) AND ("deposit_kind" IS NULL) = ("balance_due_days" IS NULL));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_ranges" CHECK ("deposit_kind" IS NULL OR ("deposit_value" > 0 AND ("deposit_kind" = 'fixed' OR "deposit_value" < 10000) AND "balance_due_days" >= 1 AND "deposit_min_days" >= "balance_due_days" AND "deposit_min_days" <= 365));--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_cutoff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_card" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_charge_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_balance_state_value" CHECK ("balance_state" IS NULL OR "balance_state" IN ('due', 'charging', 'paid', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_balance_planned" CHECK (("balance_state" IS NULL) = ("balance_due_at" IS NULL) AND ("balance_state" IS NULL) = ("deposit_minor" IS NULL) AND ("balance_state" IS NULL OR "balance_minor" > 0));--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_balance_charge_key" ON "bookings" USING btree ("balance_charge_key");--> statement-breakpoint
CREATE INDEX "bookings_balance_due_idx" ON "bookings" USING btree ("balance_due_at") WHERE "balance_state" IN ('due', 'failed');--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" DROP CONSTRAINT "sandbox_checkouts_purchase_kind";--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_purchase_kind" CHECK ("purchase_kind" IN ('tip', 'gift_card', 'reschedule', 'balance'));
