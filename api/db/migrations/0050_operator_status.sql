-- Operators join the platform (issue 44): an operator is active or suspended by a platform admin.
-- A suspended operator takes no new booking, hold, waitlist join or gift card (409
-- operator_suspended) and leaves the marketplace; what it already sold stays valid.
ALTER TABLE "accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_value" CHECK ("status" IN ('active', 'suspended'));
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_suspension_consistent" CHECK (("status" = 'suspended') = ("suspended_at" IS NOT NULL));
