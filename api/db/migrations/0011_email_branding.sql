ALTER TABLE "bookings" ADD COLUMN "storefront" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sender_name" text;