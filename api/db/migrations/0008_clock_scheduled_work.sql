CREATE TABLE "app_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_clock_single_row" CHECK ("app_clock"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_value";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lapse_email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_open_confirmed_idx" ON "bookings" USING btree ("slot_id") WHERE "bookings"."status" = 'confirmed' and "bookings"."completed_at" is null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_value" CHECK ("outbox"."status" IN ('pending', 'sending', 'sent', 'failed', 'kept'));--> statement-breakpoint
-- The product's clock: the real one plus the test clock's offset (always 0 outside APP_ENV=local).
CREATE OR REPLACE FUNCTION app_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + make_interval(secs => coalesce((SELECT offset_ms FROM app_clock WHERE id = 1), 0) / 1000.0)
$$;
