ALTER TABLE "accounts" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "postal_address" text;