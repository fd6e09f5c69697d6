-- Private departures (issue 46, item 4). A service may be sold private only or both ways: a
-- private booking takes the whole departure at the service's group price (up to a number of
-- guests). The departure names the private booking that holds it (slots.private_booking_id, set
-- by the conditional update that takes its seats, only while no seat is taken; cleared when that
-- booking gives its seats back): while it is set, no channel sells it a seat (seatsLeftSql,
-- takeSeats). A booking sold private keeps its group price (bookings.private_price_minor).
ALTER TABLE "services" ADD COLUMN "private_sale" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "private_price_minor" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "private_max_guests" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_sale_value" CHECK ("private_sale" IN ('none', 'both', 'only'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_sale_priced" CHECK ("private_sale" = 'none' OR ("private_price_minor" IS NOT NULL AND "private_max_guests" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_price_non_negative" CHECK ("private_price_minor" IS NULL OR "private_price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_max_guests_positive" CHECK ("private_max_guests" IS NULL OR "private_max_guests" >= 1);--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "private_booking_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "private_price_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_private_price_non_negative" CHECK ("private_price_minor" IS NULL OR "private_price_minor" >= 0);
