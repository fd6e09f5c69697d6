-- OCTO notifications (issue 47, item 4): a reseller asks, through POST /octo/webhooks, to be told
-- of its own bookings' changes (OCTO's booking_update). Such a subscription belongs to the reseller
-- (reseller_id), listens to the three booking events, and is delivered in OCTO's shape with the
-- capabilities it was created with (`octo/pricing`). An operator's own subscriptions have no reseller.
ALTER TABLE "webhook_subscriptions" ADD COLUMN "reseller_id" text;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "capabilities" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_reseller_idx" ON "webhook_subscriptions" USING btree ("reseller_id") WHERE reseller_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_reseller_events" CHECK ("webhook_subscriptions"."reseller_id" IS NULL OR "webhook_subscriptions"."events" = ARRAY['booking.created', 'booking.cancelled', 'booking.changed']::text[]);
