-- Operators join the platform (issue 44): anyone signed in may apply to sell; a platform admin
-- approves (which creates the operator, its storefront and the applicant as its owner) or rejects
-- with a reason. One open (pending) application per user; a slug is taken by an account or by
-- another pending application. Every platform admin action is kept in platform_audit_log.
CREATE TABLE "operator_applications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "business_name" text NOT NULL,
  "slug" text NOT NULL,
  "country" text NOT NULL,
  "currency" text NOT NULL,
  "timezone" text NOT NULL,
  "contact_email" text NOT NULL,
  "contact_phone" text NOT NULL,
  "description" text NOT NULL,
  "website" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "rejection_reason" text,
  "decided_by" text REFERENCES "users"("id") ON DELETE set null,
  "decided_at" timestamp with time zone,
  "account_id" text REFERENCES "accounts"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "operator_applications_status_value" CHECK ("status" IN ('pending', 'approved', 'rejected')),
  CONSTRAINT "operator_applications_slug_format" CHECK ("slug" ~ '^[a-z0-9]([a-z0-9-]{1,38})[a-z0-9]$'),
  CONSTRAINT "operator_applications_country_format" CHECK ("country" ~ '^[A-Z]{2}$'),
  CONSTRAINT "operator_applications_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "operator_applications_rejection_reason" CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL)),
  CONSTRAINT "operator_applications_decided" CHECK (("status" = 'pending') = ("decided_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_applications_one_open_per_user" ON "operator_applications" ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "operator_applications_status_created_idx" ON "operator_applications" ("status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "operator_applications_slug_idx" ON "operator_applications" ("slug") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "operator_applications_user_idx" ON "operator_applications" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "platform_audit_log" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "actor_id" text REFERENCES "users"("id") ON DELETE set null,
  "actor_email" text,
  "action" text NOT NULL,
  "target_type" text NOT NULL,
  "target_id" text NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "client_address" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_audit_log_at_idx" ON "platform_audit_log" ("at", "id");
--> statement-breakpoint
CREATE INDEX "platform_audit_log_target_idx" ON "platform_audit_log" ("target_type", "target_id", "at");
--> statement-breakpoint
-- The operator's country (ISO 3166-1 alpha-2), as its application or the admin command gave it; the seed's have none.
ALTER TABLE "accounts" ADD COLUMN "country" text;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_country_format" CHECK ("country" IS NULL OR "country" ~ '^[A-Z]{2}$');
