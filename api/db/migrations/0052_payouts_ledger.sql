-- Operators get paid (issue 45): each operator's connected payout account (Stripe Connect Express,
-- or the sandbox's mirror of it), its payout schedule, the platform's commission per operator and
-- per booking, a double-entry money ledger whose lines always sum to zero, and the payouts made.

-- The commission rate in basis points (1500 = 15 %); null: the platform's default (COMMISSION_BPS).
ALTER TABLE "accounts" ADD COLUMN "commission_bps" integer;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_commission_range" CHECK ("commission_bps" IS NULL OR ("commission_bps" >= 0 AND "commission_bps" <= 10000));
--> statement-breakpoint
-- The rate a booking was sold at (its operator's when it was made; changes apply to later bookings).
-- Null for bookings made before payouts existed: they carry no commission.
ALTER TABLE "bookings" ADD COLUMN "commission_bps" integer;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commission_range" CHECK ("commission_bps" IS NULL OR ("commission_bps" >= 0 AND "commission_bps" <= 10000));
--> statement-breakpoint
-- When the booking's money became the operator's to be paid out (its departure plus the hold).
ALTER TABLE "bookings" ADD COLUMN "funds_released_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "bookings_funds_unreleased_idx" ON "bookings" ("account_id", "slot_id") WHERE "funds_released_at" IS NULL AND "payment_status" = 'paid';
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
  "account_id" text PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
  "provider" text NOT NULL,
  "provider_account_id" text NOT NULL,
  "charges_enabled" boolean DEFAULT false NOT NULL,
  "payouts_enabled" boolean DEFAULT false NOT NULL,
  "details_submitted" boolean DEFAULT false NOT NULL,
  -- What the provider still needs, as its codes (e.g. "external_account", "individual.dob.day").
  "requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "disabled_reason" text,
  "schedule_interval" text DEFAULT 'weekly' NOT NULL,
  -- weekly: 1 (Monday) to 7 (Sunday); monthly: the day of the month, 1 to 28.
  "schedule_day" integer DEFAULT 1 NOT NULL,
  "minimum_minor" integer DEFAULT 0 NOT NULL,
  -- Days after the departure before its money can be paid out.
  "hold_days" integer DEFAULT 2 NOT NULL,
  -- The provider's last account event applied (its created time), so an older one replayed late changes nothing.
  "provider_updated_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payout_accounts_provider_value" CHECK ("provider" IN ('sandbox', 'stripe')),
  CONSTRAINT "payout_accounts_interval_value" CHECK ("schedule_interval" IN ('daily', 'weekly', 'monthly')),
  CONSTRAINT "payout_accounts_day_range" CHECK (
    ("schedule_interval" = 'daily' AND "schedule_day" = 1)
    OR ("schedule_interval" = 'weekly' AND "schedule_day" BETWEEN 1 AND 7)
    OR ("schedule_interval" = 'monthly' AND "schedule_day" BETWEEN 1 AND 28)
  ),
  CONSTRAINT "payout_accounts_minimum_non_negative" CHECK ("minimum_minor" >= 0),
  CONSTRAINT "payout_accounts_hold_range" CHECK ("hold_days" BETWEEN 0 AND 30)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_key" ON "payout_accounts" ("provider", "provider_account_id");
--> statement-breakpoint
CREATE TABLE "payouts" (
  "id" text PRIMARY KEY NOT NULL,
  "account_id" text NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
  "provider" text NOT NULL,
  "provider_payout_id" text,
  "amount_minor" integer NOT NULL,
  "currency" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "failure_reason" text,
  "created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
  "arrival_date" date,
  "paid_at" timestamp with time zone,
  CONSTRAINT "payouts_id_format" CHECK ("id" ~ '^po_[A-Za-z0-9_-]{16}$'),
  CONSTRAINT "payouts_provider_value" CHECK ("provider" IN ('sandbox', 'stripe')),
  CONSTRAINT "payouts_status_value" CHECK ("status" IN ('pending', 'in_transit', 'paid', 'failed')),
  CONSTRAINT "payouts_amount_positive" CHECK ("amount_minor" > 0),
  CONSTRAINT "payouts_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "payouts_paid_at_with_status" CHECK (("status" = 'paid') = ("paid_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_payout_key" ON "payouts" ("provider", "provider_payout_id");
--> statement-breakpoint
CREATE INDEX "payouts_account_created_idx" ON "payouts" ("account_id", "created_at", "id");
--> statement-breakpoint
-- The money ledger: every movement is one transaction (transaction_key) of lines that sum to zero.
-- Accounts are named: "external:payments" (payers' cards, outside the platform), "platform:commission",
-- "platform:service_fees", "platform:gift_cards" (gift cards sold, not yet spent), and per operator
-- "operator:<id>:pending" (sold, departure and hold not yet past), ":available" (to be paid out),
-- ":paid_out" (sent to its bank). Lines are never
-- changed, except that a payout marks the available lines it took (payout_id).
CREATE TABLE "ledger_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "transaction_key" text NOT NULL,
  "line" smallint NOT NULL,
  "kind" text NOT NULL,
  "account" text NOT NULL,
  "amount_minor" bigint NOT NULL,
  "currency" text NOT NULL,
  "operator_id" text REFERENCES "accounts"("id") ON DELETE cascade,
  "booking_id" text REFERENCES "bookings"("id") ON DELETE cascade,
  "payout_id" text REFERENCES "payouts"("id") ON DELETE set null,
  "provider" text,
  "provider_ref" text,
  "occurred_at" timestamp with time zone DEFAULT app_now() NOT NULL,
  CONSTRAINT "ledger_entries_kind_value" CHECK ("kind" IN ('charge', 'refund', 'tip', 'gift_card_issue', 'gift_card_spend', 'gift_card_refund', 'release', 'payout', 'payout_failed')),
  CONSTRAINT "ledger_entries_account_format" CHECK ("account" ~ '^(external:payments|platform:(commission|service_fees|gift_cards)|operator:[A-Za-z0-9_-]{1,64}:(pending|available|paid_out))$'),
  CONSTRAINT "ledger_entries_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("amount_minor" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transaction_line_key" ON "ledger_entries" ("transaction_key", "line");
--> statement-breakpoint
CREATE INDEX "ledger_entries_operator_idx" ON "ledger_entries" ("operator_id", "account", "occurred_at");
--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" ("booking_id");
--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" ("payout_id");
--> statement-breakpoint
CREATE INDEX "ledger_entries_unpaid_available_idx" ON "ledger_entries" ("account") WHERE "payout_id" IS NULL AND "account" LIKE 'operator:%:available';
--> statement-breakpoint
-- Each transaction's lines sum to zero per currency, checked when the writing transaction commits.
CREATE OR REPLACE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off_by bigint;
BEGIN
  SELECT sum("amount_minor") INTO off_by FROM "ledger_entries"
    WHERE "transaction_key" = NEW."transaction_key" GROUP BY "currency" HAVING sum("amount_minor") <> 0 LIMIT 1;
  IF off_by IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (off by %)', NEW."transaction_key", off_by
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT OR UPDATE ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
